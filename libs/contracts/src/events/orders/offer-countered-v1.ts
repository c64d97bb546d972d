import { type OfferFactsV1 } from './offer-facts';

/** `orders.offer.countered.v1`: the seller proposed another price; the buyer must answer before `expiresAt`. */
export interface OfferCounteredV1 extends OfferFactsV1 {
  message: string | null;
}
