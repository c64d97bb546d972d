import { type OrderActor, type OrderView } from '@loadout/contracts';
// The split of a partial refund is the disputes' arithmetic (the one the ledger posted).
import { splitPartialRefund } from '../disputes/domain/partial-refund';
import { deliveryAddressVisibleTo } from './domain/delivery-address';
import { type Order, type TimelineEntry } from './domain/order';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The wire view of an order (`GET orders/{id}` and the items of `GET orders`) as `viewer` may
 * see it: the delivery address only where `deliveryAddressVisibleTo` allows (ADR 0029).
 */
export function toOrderView(
  order: Order,
  timeline: readonly TimelineEntry[],
  viewer: OrderActor,
): OrderView {
  const o = order.props;
  return {
    id: o.id,
    listingId: o.listingId,
    buyerId: o.buyerId,
    sellerId: o.sellerId,
    status: o.status,
    delivery: o.delivery,
    amounts: order.amounts,
    currency: 'eur',
    listing: {
      title: o.listingTitle,
      photoUrl: o.listingPhotoUrl,
      sellerDisplayName: o.sellerDisplayName,
      sellerType: o.sellerType,
    },
    deliveryAddress: deliveryAddressVisibleTo(o, viewer) ? o.deliveryAddress : null,
    hasDeliveryAddress: o.deliveryAddress !== null,
    collectionCounty: o.collectionCounty,
    carrier: o.carrier,
    trackingNumber: o.trackingNumber,
    handedOverInPerson: o.handedOverInPerson,
    cancelReason: o.cancelReason,
    lastPaymentError: o.lastPaymentErrorCode
      ? { code: o.lastPaymentErrorCode, message: o.lastPaymentErrorMessage ?? '' }
      : null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    paidAt: iso(o.paidAt),
    shippedAt: iso(o.shippedAt),
    completedAt: iso(o.completedAt),
    // A deadline is shown only while it can still fire.
    payBy: o.status === 'pending_payment' ? iso(o.payBy) : null,
    shipBy: o.status === 'paid' ? iso(o.shipBy) : null,
    autoReleaseAt: o.status === 'shipped' ? iso(o.autoReleaseAt) : null,
    settlement:
      (o.status === 'completed' || o.status === 'partially_refunded') &&
      o.refundedCents > 0 &&
      o.refundedCents < o.totalCents
        ? {
            refundedCents: o.refundedCents,
            sellerNetCents: splitPartialRefund(order.amounts, o.refundedCents).sellerCents,
          }
        : null,
    timeline: timeline.map((t) => ({
      status: t.status,
      actor: t.actor,
      at: t.at.toISOString(),
      note: t.note,
    })),
  };
}
