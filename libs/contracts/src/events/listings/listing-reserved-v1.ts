/** `listings.listing.reserved.v1`: held for an order (idempotent by order id). */
export interface ListingReservedV1 {
  listingId: string;
  sellerId: string;
  orderId: string;
}
