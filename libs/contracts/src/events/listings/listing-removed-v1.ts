/** `listings.listing.removed.v1`: withdrawn by its owner or removed by a moderator. */
export interface ListingRemovedV1 {
  listingId: string;
  sellerId: string;
  removedBy: 'owner' | 'moderator';
  /** The moderator's reason; null when the owner withdrew it. */
  reason: string | null;
}
