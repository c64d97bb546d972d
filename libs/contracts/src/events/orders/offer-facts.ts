/** What every `orders.offer.*` event carries: the offer as it stands after the step. */
export interface OfferFactsV1 {
  offerId: string;
  listingId: string;
  listingTitle: string;
  buyerId: string;
  sellerId: string;
  /** The listing's price when the offer was made (cents). */
  askingCents: number;
  /** What is on the table (cents): the offer, the counter, or the agreed price. */
  amountCents: number;
  status: 'open' | 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'closed';
  /** Who took this step. */
  by: 'buyer' | 'seller' | 'system';
  /** ISO 8601: when the step was taken. */
  at: string;
  /** ISO 8601: when the offer (or counter) on the table lapses. */
  expiresAt: string;
}
