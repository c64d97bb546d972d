import fc from 'fast-check';
import { escrowFeeCents, orderAmounts } from './money';

describe('escrow fee', () => {
  it('is 2.5 % of the subtotal', () => {
    expect(escrowFeeCents(10_000)).toBe(250);
    expect(escrowFeeCents(2_000_000)).toBe(50_000);
  });

  it('rounds half up to the cent', () => {
    // 1 020 × 2.5 % = 25.5 → 26; 1 010 × 2.5 % = 25.25 → 25; 1 030 → 25.75 → 26
    expect(escrowFeeCents(1_020)).toBe(26);
    expect(escrowFeeCents(1_010)).toBe(25);
    expect(escrowFeeCents(1_030)).toBe(26);
    expect(escrowFeeCents(20)).toBe(1); // 0.5 → 1
    expect(escrowFeeCents(19)).toBe(0); // 0.475 → 0
  });

  it('matches exact rational half-up rounding for every amount up to the price limit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_010_000 }), (subtotal) => {
        const fee = escrowFeeCents(subtotal);
        // fee is the nearest integer to subtotal/40, ties up: |40·fee − subtotal| ≤ 20 and a tie goes up
        const diff = subtotal - 40 * fee;
        return diff < 20 && diff >= -20;
      }),
      { numRuns: 500 },
    );
  });

  it('uses a configured rate', () => {
    expect(escrowFeeCents(10_000, 300)).toBe(300);
  });

  it('refuses fractional or negative cents', () => {
    expect(() => escrowFeeCents(10.5)).toThrow(RangeError);
    expect(() => escrowFeeCents(-1)).toThrow(RangeError);
  });
});

describe('order amounts', () => {
  it('adds postage and the fee; the seller receives item plus postage', () => {
    expect(orderAmounts({ itemCents: 12_000, postageCents: 800 })).toEqual({
      itemCents: 12_000,
      postageCents: 800,
      feeCents: 320,
      totalCents: 13_120,
      sellerReceivesCents: 12_800,
    });
  });

  it('charges no postage for collection (postage 0)', () => {
    const a = orderAmounts({ itemCents: 4_550, postageCents: 0 });
    expect(a.feeCents).toBe(114); // 113.75 → 114
    expect(a.totalCents).toBe(4_664);
  });

  it('always sums: total = seller receives + fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 2_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (itemCents, postageCents) => {
          const a = orderAmounts({ itemCents, postageCents });
          return a.totalCents === a.sellerReceivesCents + a.feeCents;
        },
      ),
    );
  });
});
