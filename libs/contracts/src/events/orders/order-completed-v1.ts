import { type OrderFactsV1 } from './order-facts';

/** `orders.order.completed.v1`: delivery confirmed (or auto-released); money released to the seller. */
export interface OrderCompletedV1 extends OrderFactsV1 {
  completedAt: string;
  /** `buyer` confirmed delivery, or `system` released it automatically after the deadline. */
  releasedBy: 'buyer' | 'system' | 'admin';
}
