import { stripeEvent } from './factories/stripe-event.factory';
import { useStripeOrdersHarness } from './support/stripe-harness';

interface AccountView {
  status: string;
  attention?: {
    kind: string;
    failureCode: string;
    amountCents: number;
    failedAt: string;
  } | null;
}

/**
 * Issue 23 scenario 8, `payout.failed` (ADR 0042): Stripe could not pay a seller's balance out
 * to their bank. The payout account needs the seller's attention (with Stripe's failure code),
 * `GET payouts/account` shows it, and the seller is told once (`orders.payout.failed.v1`),
 * however often the event comes; an older failure arriving late does not replace a newer one.
 */
describe('payout.failed', () => {
  const h = useStripeOrdersHarness('orders_payout_failed');

  const onboarded = async () => {
    const seller = await h.user();
    expect(
      (await h.call('/api/v1/payouts/onboarding', { token: seller.token, json: {} })).status,
    ).toBe(200);
    const account = [...h.stripe.accounts.values()].find(
      (a) => (a.metadata as { user_id?: string }).user_id === seller.id,
    )!;
    return { seller, accountId: account.id };
  };

  const payoutFailed = (accountId: string, code: string, created: number, amount = 12_800) =>
    stripeEvent(
      'payout.failed',
      { id: `po_${code}_${created}`, object: 'payout', amount, failure_code: code },
      { account: accountId, created },
    );

  /** Stripe's `payout.paid` (Connect): the payout reached the seller's bank. */
  const payoutPaid = (accountId: string, created: number, amount = 9_900) =>
    stripeEvent(
      'payout.paid',
      {
        id: `po_paid_${created}`,
        object: 'payout',
        amount,
        status: 'paid',
        arrival_date: created,
        failure_code: null,
      },
      { account: accountId, created },
    );

  const attentionOf = async (token: string) =>
    (await h.call<AccountView>('/api/v1/payouts/account', { token })).body.attention ?? null;

  const payoutEvents = async (sellerId: string) =>
    (
      (await h.ds.query(
        `SELECT envelope FROM orders.outbox WHERE topic = 'orders.payout.failed.v1'
            AND envelope->'payload'->>'sellerId' = $1 ORDER BY seq`,
        [sellerId],
      )) as { envelope: { payload: Record<string, unknown> } }[]
    ).map((r) => r.envelope.payload);

  it('marks the account as needing attention, shows it, and tells the seller once', async () => {
    const { seller, accountId } = await onboarded();
    const before = await h.call<AccountView>('/api/v1/payouts/account', { token: seller.token });
    expect(before.body.attention ?? null).toBeNull();

    const now = Math.floor(Date.now() / 1000);
    const event = payoutFailed(accountId, 'account_closed', now);
    expect((await h.deliver(event)).status).toBe(200);
    expect((await h.deliver(event)).status).toBe(200); // a redelivery
    await h.drain();

    const after = await h.call<AccountView>('/api/v1/payouts/account', { token: seller.token });
    expect(after.status).toBe(200);
    expect(after.body.attention).toEqual({
      kind: 'payout_failed',
      failureCode: 'account_closed',
      amountCents: 12_800,
      failedAt: new Date(now * 1000).toISOString(),
    });
    expect(await payoutEvents(seller.id)).toEqual([
      {
        sellerId: seller.id,
        accountId,
        payoutId: `po_account_closed_${now}`,
        amountCents: 12_800,
        failureCode: 'account_closed',
        failedAt: new Date(now * 1000).toISOString(),
      },
    ]);

    // An older failure delivered late neither replaces the newer nor tells the seller again.
    expect((await h.deliver(payoutFailed(accountId, 'no_account', now - 3600))).status).toBe(200);
    await h.drain();
    const still = await h.call<AccountView>('/api/v1/payouts/account', { token: seller.token });
    expect(still.body.attention?.failureCode).toBe('account_closed');
    expect(await payoutEvents(seller.id)).toHaveLength(1);

    // Another seller sees nothing of it.
    const other = await h.user();
    const theirs = await h.call<AccountView>('/api/v1/payouts/account', { token: other.token });
    expect(theirs.body.attention ?? null).toBeNull();
  });

  it('issue 23 (ADR 0049): a newer payout.paid clears the attention, an older one never does, once per event', async () => {
    const { seller, accountId } = await onboarded();
    const now = Math.floor(Date.now() / 1000);
    await h.deliver(payoutFailed(accountId, 'account_closed', now - 3_600));
    await h.drain();
    expect((await attentionOf(seller.token))?.failureCode).toBe('account_closed');

    // A payout paid before the failure says nothing about it.
    await h.deliver(payoutPaid(accountId, now - 7_200));
    await h.drain();
    expect((await attentionOf(seller.token))?.failureCode).toBe('account_closed');

    // The next payout reached the bank: the seller has nothing left to fix.
    const paid = payoutPaid(accountId, now - 60);
    expect((await h.deliver(paid)).status).toBe(200);
    expect((await h.deliver(paid)).status).toBe(200); // a redelivery
    await h.drain();
    expect(await attentionOf(seller.token)).toBeNull();
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.payment_events
        WHERE type = 'payout.paid' AND event_id = $1`,
      [paid.id],
    )) as { n: number }[];
    expect(n).toBe(1);

    // A failure older than that payout, delivered late, is not shown again nor told.
    await h.deliver(payoutFailed(accountId, 'no_account', now - 1_800));
    await h.drain();
    expect(await attentionOf(seller.token)).toBeNull();
    expect(await payoutEvents(seller.id)).toHaveLength(1);

    // A newer failure is, and the seller is told.
    await h.deliver(payoutFailed(accountId, 'could_not_process', now));
    await h.drain();
    expect(await attentionOf(seller.token)).toMatchObject({
      kind: 'payout_failed',
      failureCode: 'could_not_process',
      failedAt: new Date(now * 1000).toISOString(),
    });
    expect((await payoutEvents(seller.id)).map((e) => e.failureCode)).toEqual([
      'account_closed',
      'could_not_process',
    ]);
  });
});
