import { type OfferClosedReason } from '../../api/offers';
import { type OfferFactsV1 } from './offer-facts';

/**
 * `orders.offer.closed.v1` (ADR 0037): another order took the listing (an accepted offer of
 * another buyer, or a checkout), written in the transaction of that order; or the listing was
 * withdrawn or removed (`listing_removed`), written when orders consumes
 * `listings.listing.removed.v1`. It never names the other order or its buyer.
 */
export interface OfferClosedV1 extends OfferFactsV1 {
  reason: OfferClosedReason;
}
