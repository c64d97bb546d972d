import { type OfferFactsV1 } from './offer-facts';

/** `orders.offer.withdrawn.v1`: the buyer withdrew; the negotiation ended. */
export type OfferWithdrawnV1 = OfferFactsV1;
