import { type EventOf, type OrderFactsV1 } from '@loadout/contracts';
import { listingCommandFor } from './order-outcome';

const facts: OrderFactsV1 = {
  orderId: 'ord_1',
  listingId: 'lst_1',
  buyerId: 'b',
  sellerId: 's',
  listingTitle: 'M4',
  delivery: 'post',
  itemCents: 10_000,
  postageCents: 900,
  feeCents: 273,
  totalCents: 11_173,
  sellerReceivesCents: 10_900,
};
const envelope = <T extends string>(type: T, payload: object) =>
  ({ id: 'e', type, occurredAt: '', actorId: null, payload }) as never;
const refunded = (full: boolean, relist?: boolean, refundPending?: boolean) =>
  listingCommandFor(
    envelope('orders.order.refunded.v1', {
      ...facts,
      refundedAt: '',
      refundedCents: 1,
      full,
      ...(relist === undefined ? {} : { relist }),
      ...(refundPending === undefined ? {} : { refundPending }),
    }) as EventOf<'orders.order.refunded.v1'>,
  );

describe("an order's outcome → the listing (ADR 0044)", () => {
  it('sells the listing of a completed order', () => {
    expect(
      listingCommandFor(
        envelope('orders.order.completed.v1', { ...facts, completedAt: '', releasedBy: 'buyer' }),
      ),
    ).toBe('sold');
  });

  it('releases the listing of a cancelled or expired order', () => {
    expect(
      listingCommandFor(
        envelope('orders.order.cancelled.v1', {
          ...facts,
          cancelledAt: '',
          cancelledBy: 'buyer',
          reason: null,
          refundedCents: 0,
        }),
      ),
    ).toBe('release');
    expect(
      listingCommandFor(envelope('orders.order.expired.v1', { ...facts, expiredAt: '' })),
    ).toBe('release');
  });

  it('relists after a full refund of an item that never left the seller', () => {
    expect(refunded(true, true)).toBe('release');
  });

  it('sells after a full refund of a shipped item (relist false, or missing in older events)', () => {
    expect(refunded(true, false)).toBe('sold');
    expect(refunded(true)).toBe('sold');
  });

  it('leaves the listing held after a partial refund', () => {
    expect(refunded(false, false)).toBeNull();
    expect(refunded(false, true)).toBeNull();
  });

  it('decides on a refund when it is asked, not when the processor confirms it (ADR 0042)', () => {
    expect(refunded(true, true, true)).toBe('release');
    expect(refunded(true, false, true)).toBe('sold');
    // The confirmation of a never-shipped item's refund must not sell a listing back on sale.
    expect(refunded(true, false, false)).toBeNull();
  });
});
