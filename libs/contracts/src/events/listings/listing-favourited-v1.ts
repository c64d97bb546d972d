/**
 * `listings.listing.favourited.v1`: a user added a listing to their favourites (only when it
 * was not a favourite of theirs already). Carries no details of who, beyond the id.
 */
export interface ListingFavouritedV1 {
  listingId: string;
  sellerId: string;
  /** Who favourited it (never shown to the seller). */
  userId: string;
  title: string;
  /** Favourites of the listing after this one. */
  favoriteCount: number;
  favouritedAt: string;
}
