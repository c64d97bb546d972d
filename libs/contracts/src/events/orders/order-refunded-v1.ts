import { type OrderFactsV1 } from './order-facts';

/** `orders.order.refunded.v1`: money went back to the buyer (cancellation or dispute outcome). */
export interface OrderRefundedV1 extends OrderFactsV1 {
  refundedAt: string;
  refundedCents: number;
  /** True when the whole total (item, postage and fee) went back. */
  full: boolean;
}
