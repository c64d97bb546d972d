import { type OfferFactsV1 } from './offer-facts';

/** `orders.offer.made.v1`: a buyer made an offer; the seller must answer before `expiresAt`. */
export interface OfferMadeV1 extends OfferFactsV1 {
  message: string | null;
}
