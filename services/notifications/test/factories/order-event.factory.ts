import { newId } from '@loadout/db';
import { type NewEvent } from '@loadout/events';
import { type DeliveryAddressV1, type OrderFactsV1 } from '@loadout/contracts';

/** The facts every orders event carries: €120.00 + €8.00 post + €3.20 fee. */
export function orderFacts(buyerId: string, sellerId: string): OrderFactsV1 {
  return {
    orderId: newId(),
    listingId: newId(),
    buyerId,
    sellerId,
    listingTitle: 'Tokyo Marui Hi-Capa 5.1',
    delivery: 'post',
    itemCents: 12_000,
    postageCents: 800,
    feeCents: 320,
    totalCents: 13_120,
    sellerReceivesCents: 12_800,
  };
}

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

/** A post order's address as orders snapshots it (ADR 0029). */
export const deliveryAddress = (): DeliveryAddressV1 => ({
  name: 'Aoife Byrne',
  line1: '12 Main Street',
  line2: 'Apartment 4',
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'N37 X2C4',
  phone: null,
});

export const orderPaid = (
  f: OrderFactsV1,
  over: { deliveryAddress?: DeliveryAddressV1 | null } = {},
): NewEvent<'orders.order.paid.v1'> => ({
  type: 'orders.order.paid.v1',
  aggregateId: f.orderId,
  payload: {
    ...f,
    paidAt: new Date().toISOString(),
    shipBy: inDays(7),
    deliveryAddress: f.delivery === 'post' ? deliveryAddress() : null,
    ...over,
  },
});

export const orderShipped = (f: OrderFactsV1): NewEvent<'orders.order.shipped.v1'> => ({
  type: 'orders.order.shipped.v1',
  aggregateId: f.orderId,
  payload: {
    ...f,
    shippedAt: new Date().toISOString(),
    carrier: 'An Post',
    trackingNumber: 'CX123456789IE',
    handedOverInPerson: false,
    autoReleaseAt: inDays(14),
  },
});

export const orderCompleted = (f: OrderFactsV1): NewEvent<'orders.order.completed.v1'> => ({
  type: 'orders.order.completed.v1',
  aggregateId: f.orderId,
  payload: { ...f, completedAt: new Date().toISOString(), releasedBy: 'buyer' },
});

export const orderCreated = (f: OrderFactsV1): NewEvent<'orders.order.created.v1'> => ({
  type: 'orders.order.created.v1',
  aggregateId: f.orderId,
  payload: { ...f, payBy: inDays(1) },
});

export const orderReminder = (f: OrderFactsV1, day = 7): NewEvent<'orders.order.reminder.v1'> => ({
  type: 'orders.order.reminder.v1',
  aggregateId: f.orderId,
  payload: { ...f, kind: 'auto_release', day, autoReleaseAt: inDays(14 - day) },
});

export const orderCancelled = (
  f: OrderFactsV1,
  over: Partial<{
    cancelledBy: 'buyer' | 'seller' | 'system' | 'admin';
    reason: string | null;
    refundedCents: number;
  }> = {},
): NewEvent<'orders.order.cancelled.v1'> => ({
  type: 'orders.order.cancelled.v1',
  aggregateId: f.orderId,
  payload: {
    ...f,
    cancelledAt: new Date().toISOString(),
    cancelledBy: 'buyer',
    reason: null,
    refundedCents: f.totalCents,
    ...over,
  },
});

export const orderRefunded = (
  f: OrderFactsV1,
  over: Partial<{
    refundedCents: number;
    full: boolean;
    relist: boolean;
    byDispute: boolean;
    refundPending: boolean;
  }> = {},
): NewEvent<'orders.order.refunded.v1'> => ({
  type: 'orders.order.refunded.v1',
  aggregateId: f.orderId,
  payload: {
    ...f,
    refundedAt: new Date().toISOString(),
    refundedCents: f.totalCents,
    full: true,
    relist: true,
    ...over,
  },
});

export const orderExpired = (f: OrderFactsV1): NewEvent<'orders.order.expired.v1'> => ({
  type: 'orders.order.expired.v1',
  aggregateId: f.orderId,
  payload: { ...f, expiredAt: new Date().toISOString() },
});

export const payoutFailed = (
  sellerId: string,
  over: Partial<{ amountCents: number; failureCode: string }> = {},
): NewEvent<'orders.payout.failed.v1'> => ({
  type: 'orders.payout.failed.v1',
  aggregateId: 'acct_test',
  payload: {
    sellerId,
    accountId: 'acct_test',
    payoutId: 'po_test',
    amountCents: 12_800,
    failureCode: 'account_closed',
    failedAt: new Date().toISOString(),
    ...over,
  },
});

export const orderRefundFailed = (f: OrderFactsV1): NewEvent<'orders.order.refund_failed.v1'> => ({
  type: 'orders.order.refund_failed.v1',
  aggregateId: f.orderId,
  payload: {
    ...f,
    failedAt: new Date().toISOString(),
    failedCents: f.totalCents,
    failures: 5,
    reason: 'expired_or_canceled_card',
  },
});
