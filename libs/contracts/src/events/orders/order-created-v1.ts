import { type OrderFactsV1 } from './order-facts';

/** `orders.order.created.v1`: a buyer checked out; the listing is reserved, payment pending. */
export interface OrderCreatedV1 extends OrderFactsV1 {
  /** ISO 8601: the order expires (and frees the listing) when unpaid by then. */
  payBy: string;
}
