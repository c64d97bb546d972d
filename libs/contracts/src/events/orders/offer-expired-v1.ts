import { type OfferFactsV1 } from './offer-facts';

/** `orders.offer.expired.v1`: nobody answered in time; the negotiation ended. */
export type OfferExpiredV1 = OfferFactsV1;
