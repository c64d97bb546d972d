import { type OrderStatus } from '@loadout/contracts';
import { decideExternalRefund } from './external-refund';
import { refundEntry, sumCents } from './ledger';
import { nextStatus } from './order-state';
import { OrderDomainError } from './order.errors';

const order = (status: OrderStatus, refundedCents = 0) => ({
  status,
  totalCents: 10_763,
  refundedCents,
});

describe('refunds made outside Loadout (decideExternalRefund)', () => {
  it('a full refund of a paid or shipped order → refunded, the whole total (fee included)', () => {
    for (const status of ['paid', 'shipped'] as const)
      expect(decideExternalRefund(order(status), 10_763)).toEqual({
        kind: 'refund',
        to: 'refunded',
        deltaCents: 10_763,
        full: true,
      });
  });

  it('a partial refund → partially_refunded by the refunded amount; the rest later → refunded', () => {
    expect(decideExternalRefund(order('paid'), 2_000)).toEqual({
      kind: 'refund',
      to: 'partially_refunded',
      deltaCents: 2_000,
      full: false,
    });
    expect(decideExternalRefund(order('partially_refunded', 2_000), 5_000)).toEqual({
      kind: 'refund',
      to: 'partially_refunded',
      deltaCents: 3_000,
      full: false,
    });
    expect(decideExternalRefund(order('partially_refunded', 5_000), 10_763)).toEqual({
      kind: 'refund',
      to: 'refunded',
      deltaCents: 5_763,
      full: true,
    });
  });

  it('amounts are cumulative: a duplicate or a late smaller total changes nothing', () => {
    expect(decideExternalRefund(order('partially_refunded', 5_000), 5_000)).toEqual({
      kind: 'none',
    });
    expect(decideExternalRefund(order('partially_refunded', 5_000), 2_000)).toEqual({
      kind: 'none',
    });
    expect(decideExternalRefund(order('refunded', 10_763), 10_763)).toEqual({ kind: 'none' });
  });

  it('never refunds more than the order total', () => {
    expect(decideExternalRefund(order('paid'), 99_999)).toMatchObject({
      deltaCents: 10_763,
      full: true,
    });
  });

  it("leaves Loadout's own refunds (cancelled, expired, pending) to the confirmation path", () => {
    for (const status of ['cancelled', 'expired', 'pending_payment', 'refunded'] as const)
      expect(decideExternalRefund(order(status), 10_763)).toEqual({ kind: 'none' });
  });

  it('released money is not settled here (not_held), once per new amount', () => {
    expect(decideExternalRefund(order('completed'), 1_000)).toEqual({ kind: 'not_held' });
    expect(decideExternalRefund(order('completed', 1_000), 1_000)).toEqual({ kind: 'none' });
  });

  it('disputed money is still held: a dashboard refund settles it like a paid order’s', () => {
    expect(decideExternalRefund(order('disputed'), 1_000)).toEqual({
      kind: 'refund',
      to: 'partially_refunded',
      deltaCents: 1_000,
      full: false,
    });
    expect(decideExternalRefund(order('disputed'), 10_763)).toMatchObject({
      to: 'refunded',
      full: true,
    });
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => decideExternalRefund(order('paid'), 1.5)).toThrow(RangeError);
    expect(() => decideExternalRefund(order('paid'), -1)).toThrow(RangeError);
  });

  it('every decided refund is a balanced escrow_held → refunds entry', () => {
    const amounts = {
      itemCents: 10_000,
      postageCents: 500,
      feeCents: 263,
      totalCents: 10_763,
      sellerReceivesCents: 10_500,
    };
    const d = decideExternalRefund(order('paid'), 4_321);
    if (d.kind !== 'refund') throw new Error('expected a refund');
    const e = refundEntry('o1', amounts, d.deltaCents);
    expect(sumCents(e.postings)).toBe(0);
    expect(e.postings).toEqual([
      { account: 'escrow_held', amountCents: -4_321 },
      { account: 'refunds', amountCents: 4_321 },
    ]);
  });

  it('only the processor (system) may report them; a party or admin gets a refusal', () => {
    expect(nextStatus('paid', 'processor_refund', 'system')).toBe('refunded');
    expect(nextStatus('shipped', 'processor_partial_refund', 'system')).toBe('partially_refunded');
    for (const actor of ['buyer', 'seller', 'admin'] as const)
      expect(() => nextStatus('paid', 'processor_refund', actor)).toThrow(OrderDomainError);
    expect(() => nextStatus('completed', 'processor_refund', 'system')).toThrow(
      /completed and the money was released/,
    );
  });

  it('a partly refunded order is on hold: no ship, confirm, cancel or auto-release', () => {
    expect(() => nextStatus('partially_refunded', 'ship', 'seller')).toThrow(OrderDomainError);
    expect(() => nextStatus('partially_refunded', 'confirm_delivery', 'buyer')).toThrow(
      OrderDomainError,
    );
    expect(() => nextStatus('partially_refunded', 'cancel', 'buyer')).toThrow(OrderDomainError);
    expect(() => nextStatus('partially_refunded', 'auto_release', 'system')).toThrow(
      OrderDomainError,
    );
    expect(nextStatus('partially_refunded', 'refund', 'admin')).toBe('refunded');
  });
});
