import { type OfferFactsV1 } from './offer-facts';

/**
 * `orders.offer.closed.v1` (ADR 0037): another order took the listing (an accepted offer of
 * another buyer, or a checkout), so this running offer ended. Written in the transaction of
 * that order. It never names the other order or its buyer.
 */
export interface OfferClosedV1 extends OfferFactsV1 {
  reason: 'other_offer_accepted' | 'reserved_by_checkout' | 'buyer_checked_out';
}
