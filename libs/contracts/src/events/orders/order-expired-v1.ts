import { type OrderFactsV1 } from './order-facts';

/** `orders.order.expired.v1`: never paid in time; the listing is freed. */
export interface OrderExpiredV1 extends OrderFactsV1 {
  expiredAt: string;
}
