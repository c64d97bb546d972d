import fc from 'fast-check';
import {
  balances,
  paymentEntry,
  refundAskedEntry,
  refundConfirmedEntry,
  refundEntry,
  refundFailedEntry,
  releaseEntry,
  sumCents,
} from './ledger';
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

  it('books a refund asked as pending, and its confirmation or failure out of pending (ADR 0042)', () => {
    expect(refundAskedEntry('o1', amounts).postings).toEqual([
      { account: 'escrow_held', amountCents: -13_120 },
      { account: 'refund_pending', amountCents: 13_120 },
    ]);
    expect(refundAskedEntry('o1', amounts, 500, 'retry:2').ref).toBe('retry:2');
    expect(() => refundAskedEntry('o1', amounts, 13_121)).toThrow(RangeError);
    expect(refundConfirmedEntry('o1', 13_120, 'confirmed:13120')).toMatchObject({
      kind: 'refund_confirmed',
      ref: 'confirmed:13120',
      postings: [
        { account: 'refund_pending', amountCents: -13_120 },
        { account: 'refunds', amountCents: 13_120 },
      ],
    });
    expect(() => refundConfirmedEntry('o1', 0, 'confirmed:0')).toThrow(RangeError);
    // Out of pending and out of a success reported before the failure, back to escrow.
    expect(refundFailedEntry('o1', 're_1', 100, 400)).toMatchObject({
      kind: 'refund_failed',
      ref: 're_1',
      postings: [
        { account: 'refund_pending', amountCents: -100 },
        { account: 'refunds', amountCents: -400 },
        { account: 'escrow_held', amountCents: 500 },
      ],
    });
    expect(() => refundFailedEntry('o1', 're_1', 0, 0)).toThrow(RangeError);
    expect(() => refundFailedEntry('o1', 're_1', -1, 5)).toThrow(RangeError);
  });

  it('asked → (failed → asked again)* → confirmed leaves nothing pending or held, whatever the failures', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 13_120 }), fc.nat(6), (cents, failures) => {
        const entries = [paymentEntry('o', amounts), refundAskedEntry('o', amounts, cents)];
        for (let n = 1; n <= failures; n++)
          entries.push(
            refundFailedEntry('o', `re_${n}`, cents, 0),
            refundAskedEntry('o', amounts, cents, `retry:${n}`),
          );
        entries.push(refundConfirmedEntry('o', cents, `confirmed:${cents}`));
        const b = balances(entries);
        return (
          entries.every((e) => sumCents(e.postings) === 0) &&
          b.refund_pending === 0 &&
          b.refunds === cents &&
          b.escrow_held === amounts.totalCents - cents
        );
      }),
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
