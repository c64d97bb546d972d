import { type OrderFactsV1 } from './order-facts';

/**
 * `orders.order.cancelled.v1`: cancelled before shipping (by a party, or by the system when
 * the ship-by deadline passed). `refundedCents` > 0 when money had been paid (a
 * `orders.order.refunded.v1` follows once the processor confirms the refund).
 */
export interface OrderCancelledV1 extends OrderFactsV1 {
  cancelledAt: string;
  cancelledBy: 'buyer' | 'seller' | 'system' | 'admin';
  reason: string | null;
  refundedCents: number;
}
