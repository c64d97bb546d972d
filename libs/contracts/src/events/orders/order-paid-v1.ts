import { type OrderFactsV1 } from './order-facts';

/** `orders.order.paid.v1`: the processor confirmed the payment; the money is held in escrow. */
export interface OrderPaidV1 extends OrderFactsV1 {
  paidAt: string;
  /** ISO 8601: the seller must mark it shipped by then, else it is cancelled and refunded. */
  shipBy: string;
}
