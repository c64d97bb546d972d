import { type OfferFactsV1 } from './offer-facts';

/** `orders.offer.declined.v1`: the party who had to answer declined; the negotiation ended. */
export type OfferDeclinedV1 = OfferFactsV1;
