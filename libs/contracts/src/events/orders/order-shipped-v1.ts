import { type OrderFactsV1 } from './order-facts';

/** `orders.order.shipped.v1`: the seller posted the item or handed it over in person. */
export interface OrderShippedV1 extends OrderFactsV1 {
  shippedAt: string;
  carrier: string | null;
  trackingNumber: string | null;
  handedOverInPerson: boolean;
  /** ISO 8601: the money is released automatically then unless the buyer disputes. */
  autoReleaseAt: string;
}
