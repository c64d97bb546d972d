import { type OfferView } from '@loadout/contracts';
import { awaiting, type Offer, type OfferActor } from './domain/offer';

/** An offer as its buyer or seller sees it (the buyer's address is never in it). */
export const toOfferView = (o: Offer, role: OfferActor): OfferView => ({
  id: o.id,
  listingId: o.listingId,
  listingTitle: o.listingTitle,
  listingPhotoUrl: o.listingPhotoUrl,
  buyerId: o.buyerId,
  sellerId: o.sellerId,
  role,
  status: o.status,
  askingCents: o.askingCents,
  amountCents: o.amountCents,
  delivery: o.delivery,
  awaiting: awaiting(o),
  expiresAt: o.expiresAt.toISOString(),
  createdAt: o.createdAt.toISOString(),
  updatedAt: o.updatedAt.toISOString(),
  orderId: o.orderId,
  closedReason: o.closedReason,
  orderStatus: o.order?.status ?? null,
  payBy:
    o.order?.status === 'pending_payment' && o.order.payBy ? o.order.payBy.toISOString() : null,
  steps: o.steps.map((s) => ({
    kind: s.kind,
    by: s.by,
    amountCents: s.amountCents,
    message: s.message,
    at: s.at.toISOString(),
  })),
});
