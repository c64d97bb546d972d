import { type OfferFactsV1 } from './offer-facts';

/** `orders.offer.accepted.v1`: a price was agreed; `orderId` is the order reserved for the buyer, to pay. */
export interface OfferAcceptedV1 extends OfferFactsV1 {
  orderId: string;
  /** ISO 8601: when the order expires unpaid (the order's own pay window, ADR 0037). */
  payBy: string;
}
