/**
 * What every orders event carries, so a consumer (listings, notifications) needs no call back
 * to orders. Amounts in integer euro cents.
 */
export interface OrderFactsV1 {
  orderId: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  listingTitle: string;
  delivery: 'post' | 'collection';
  itemCents: number;
  postageCents: number;
  feeCents: number;
  totalCents: number;
  sellerReceivesCents: number;
}
