/** `listings.listing.sold.v1`: the order holding the listing completed. */
export interface ListingSoldV1 {
  listingId: string;
  sellerId: string;
  orderId: string;
}
