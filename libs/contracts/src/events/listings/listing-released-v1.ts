/** `listings.listing.released.v1`: an order's hold ended without a sale; active again. */
export interface ListingReleasedV1 {
  listingId: string;
  sellerId: string;
  orderId: string;
}
