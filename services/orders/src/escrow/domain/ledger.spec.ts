import fc from 'fast-check';
import { balances, paymentEntry, refundEntry, releaseEntry, sumCents } from './ledger';
import { orderAmounts } from './money';

const amounts = orderAmounts({ itemCents: 12_000, postageCents: 800 }); // total 13 120, fee 320

describe('ledger postings', () => {
  it('holds the whole total in escrow on payment', () => {
    expect(paymentEntry('o1', amounts).postings).toEqual([
      { account: 'buyer_payments', amountCents: -13_120 },
      { account: 'escrow_held', amountCents: 13_120 },
    ]);
  });

  it('splits a release into seller payable and platform fee', () => {
    expect(releaseEntry('o1', amounts).postings).toEqual([
      { account: 'escrow_held', amountCents: -13_120 },
      { account: 'seller_payable', amountCents: 12_800 },
      { account: 'platform_fees', amountCents: 320 },
    ]);
  });

  it('refunds everything, fee included, on cancellation', () => {
    expect(refundEntry('o1', amounts).postings).toEqual([
      { account: 'escrow_held', amountCents: -13_120 },
      { account: 'refunds', amountCents: 13_120 },
    ]);
  });

  it('refuses a refund above what was paid', () => {
    expect(() => refundEntry('o1', amounts, 13_121)).toThrow(RangeError);
    expect(() => refundEntry('o1', amounts, 0)).toThrow(RangeError);
  });

  it('leaves nothing in escrow after pay + release or pay + refund, and every entry balances', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 2_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.boolean(),
        (itemCents, postageCents, released) => {
          const a = orderAmounts({ itemCents, postageCents });
          const entries = [
            paymentEntry('o', a),
            released ? releaseEntry('o', a) : refundEntry('o', a),
          ];
          const b = balances(entries);
          return (
            entries.every((e) => sumCents(e.postings) === 0) &&
            b.escrow_held === 0 &&
            b.buyer_payments === -a.totalCents &&
            (released
              ? b.seller_payable === a.sellerReceivesCents && b.platform_fees === a.feeCents
              : b.refunds === a.totalCents)
          );
        },
      ),
    );
  });

  it('keeps held money equal to paid-but-unreleased orders', () => {
    const other = orderAmounts({ itemCents: 5_000, postageCents: 0 });
    const b = balances([
      paymentEntry('o1', amounts),
      paymentEntry('o2', other),
      releaseEntry('o2', other),
    ]);
    expect(b.escrow_held).toBe(amounts.totalCents);
  });
});
