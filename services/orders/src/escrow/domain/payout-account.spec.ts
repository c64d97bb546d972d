import {
  isNewerPayoutFailure,
  isNewerPayoutPaid,
  paidClearsFailure,
  type StoredPayoutAccount,
} from './payout-account-repository.port';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 27, 10, minutes));
const account = (over: Partial<StoredPayoutAccount> = {}): StoredPayoutAccount => ({
  sellerId: 'seller',
  provider: 'stripe',
  accountId: 'acct_1',
  status: 'complete',
  statusAt: at(0),
  payoutFailure: null,
  payoutPaidAt: null,
  ...over,
});
const failedAt = (minutes: number) => ({
  code: 'account_closed',
  amountCents: 100,
  at: at(minutes),
});

/** A payout account's failure and paid payouts (ADR 0042, ADR 0049): the newest report wins. */
describe('payout failure and payout.paid', () => {
  it('shows the first failure, and a newer one, never an older one', () => {
    expect(isNewerPayoutFailure(account(), at(10))).toBe(true);
    expect(isNewerPayoutFailure(account({ payoutFailure: failedAt(10) }), at(20))).toBe(true);
    expect(isNewerPayoutFailure(account({ payoutFailure: failedAt(10) }), at(5))).toBe(false);
    expect(isNewerPayoutFailure(account({ payoutFailure: failedAt(10) }), at(10))).toBe(false);
  });

  it('does not show a failure older than the last paid payout (delivered late)', () => {
    expect(isNewerPayoutFailure(account({ payoutPaidAt: at(30) }), at(20))).toBe(false);
    expect(isNewerPayoutFailure(account({ payoutPaidAt: at(30) }), at(40))).toBe(true);
  });

  it('a paid payout newer than the failure clears it; an older or simultaneous one does not', () => {
    const failing = account({ payoutFailure: failedAt(10) });
    expect(paidClearsFailure(failing, at(20))).toBe(true);
    expect(paidClearsFailure(failing, at(5))).toBe(false);
    expect(paidClearsFailure(failing, at(10))).toBe(false);
    expect(paidClearsFailure(account(), at(20))).toBe(false);
  });

  it('keeps the newest paid payout', () => {
    expect(isNewerPayoutPaid(account(), at(10))).toBe(true);
    expect(isNewerPayoutPaid(account({ payoutPaidAt: at(10) }), at(20))).toBe(true);
    expect(isNewerPayoutPaid(account({ payoutPaidAt: at(10) }), at(10))).toBe(false);
    expect(isNewerPayoutPaid(account({ payoutPaidAt: at(10) }), at(5))).toBe(false);
  });
});
