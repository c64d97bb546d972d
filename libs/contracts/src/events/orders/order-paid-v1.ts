import { type DeliveryAddressV1 } from './delivery-address-v1';
import { type OrderFactsV1 } from './order-facts';

/** `orders.order.paid.v1`: the processor confirmed the payment; the money is held in escrow. */
export interface OrderPaidV1 extends OrderFactsV1 {
  paidAt: string;
  /** ISO 8601: the seller must mark it shipped by then, else it is cancelled and refunded. */
  shipBy: string;
  /**
   * Post orders: where to send it (the seller may see it from now on). Null for collection;
   * absent in events written before ADR 0029.
   */
  deliveryAddress?: DeliveryAddressV1 | null;
}
