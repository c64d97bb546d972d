import { orderAmounts } from '../../escrow/domain/money';
import { DisputeDomainError } from './dispute.errors';
import { assertPartialRefund, splitPartialRefund } from './partial-refund';

// €120 item + €8 postage + €3.20 fee = €131.20
const A = orderAmounts({ itemCents: 12_000, postageCents: 800 });

describe('partial refund arithmetic', () => {
  it('gives the fee back in proportion, half-up, and the seller carries the rest', () => {
    // 3 280 of 13 120 is exactly a quarter: a quarter of the €3.20 fee (80 cents) goes back.
    expect(splitPartialRefund(A, 3_280)).toEqual({
      refundCents: 3_280,
      feeRefundCents: 80,
      sellerCents: 12_800 - 3_200,
      platformFeeCents: 240,
    });
  });

  it('rounds the fee share half-up to the cent', () => {
    // 320 × 2 050 / 13 120 = 50.0; × 2 070 → 50.487… → 50; × 2 071 → 50.51… → 51
    expect(splitPartialRefund(A, 2_050).feeRefundCents).toBe(50);
    expect(splitPartialRefund(A, 2_070).feeRefundCents).toBe(50);
    expect(splitPartialRefund(A, 2_071).feeRefundCents).toBe(51);
    // 320 × 41 / 13 120 = 1.0; 320 × 20 / 13 120 = 0.4878 → 0; 320 × 21 / 13 120 = 0.512 → 1
    expect(splitPartialRefund(A, 20).feeRefundCents).toBe(0);
    expect(splitPartialRefund(A, 21).feeRefundCents).toBe(1);
  });

  it('always sums to the total, for every amount from 1 cent to 1 cent short of it', () => {
    for (const amounts of [
      A,
      orderAmounts({ itemCents: 1_010, postageCents: 0 }),
      orderAmounts({ itemCents: 1, postageCents: 0 }),
    ]) {
      for (
        let r = 1;
        r < amounts.totalCents;
        r += Math.max(1, Math.floor(amounts.totalCents / 997))
      ) {
        const s = splitPartialRefund(amounts, r);
        expect(s.refundCents + s.sellerCents + s.platformFeeCents).toBe(amounts.totalCents);
        expect(s.sellerCents).toBeGreaterThanOrEqual(0);
        expect(s.platformFeeCents).toBeGreaterThanOrEqual(0);
        expect(s.feeRefundCents).toBeLessThanOrEqual(amounts.feeCents);
      }
    }
  });

  it('refuses nothing, the whole total, more, negatives and fractions of a cent', () => {
    for (const bad of [0, -1, 13_120, 13_121, 10.5, Number.NaN])
      expect(() => assertPartialRefund(A.totalCents, bad)).toThrow(DisputeDomainError);
    expect(() => assertPartialRefund(A.totalCents, 13_119)).not.toThrow();
    expect(() => splitPartialRefund(A, 13_120)).toThrow(/€131.19/);
  });
});
