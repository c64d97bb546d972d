import {
  type DeliveryOption,
  type OrderActor,
  type OrderAmounts,
  type OrderFactsV1,
  type OrderStatus,
  type OrderView,
  type SellerType,
} from '@loadout/contracts';
import { type OrderTimelineEntity } from './order-timeline.entity';
import { type OrderEntity } from './order.entity';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const amountsOf = (o: OrderEntity): OrderAmounts => ({
  itemCents: o.itemCents,
  postageCents: o.postageCents,
  feeCents: o.feeCents,
  totalCents: o.totalCents,
  sellerReceivesCents: o.sellerReceivesCents,
});

export function toOrderView(o: OrderEntity, timeline: OrderTimelineEntity[]): OrderView {
  const status = o.status as OrderStatus;
  return {
    id: o.id,
    listingId: o.listingId,
    buyerId: o.buyerId,
    sellerId: o.sellerId,
    status,
    delivery: o.delivery as DeliveryOption,
    amounts: amountsOf(o),
    currency: 'eur',
    listing: {
      title: o.listingTitle,
      photoUrl: o.listingPhotoUrl,
      sellerDisplayName: o.sellerDisplayName,
      sellerType: o.sellerType as SellerType,
    },
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
    payBy: status === 'pending_payment' ? iso(o.payBy) : null,
    shipBy: status === 'paid' ? iso(o.shipBy) : null,
    autoReleaseAt: status === 'shipped' ? iso(o.autoReleaseAt) : null,
    timeline: timeline.map((t) => ({
      status: t.status as OrderStatus,
      actor: t.actor as OrderActor,
      at: t.at.toISOString(),
      note: t.note,
    })),
  };
}

export const toOrderFacts = (o: OrderEntity): OrderFactsV1 => ({
  orderId: o.id,
  listingId: o.listingId,
  buyerId: o.buyerId,
  sellerId: o.sellerId,
  listingTitle: o.listingTitle,
  delivery: o.delivery as DeliveryOption,
  ...amountsOf(o),
});
