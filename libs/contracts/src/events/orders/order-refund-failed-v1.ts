import { type OrderFactsV1 } from './order-facts';

/**
 * `orders.order.refund_failed.v1` (ADR 0042): a refund Loadout asked for failed at the processor
 * so often that it is parked for an admin. The money is held in escrow again; the buyer has not
 * got it back. Sent once, when the refund is parked (not at each retry).
 */
export interface OrderRefundFailedV1 extends OrderFactsV1 {
  /** ISO 8601. */
  failedAt: string;
  /** What did not go back to the buyer, cents. */
  failedCents: number;
  /** Failed attempts so far. */
  failures: number;
  /** The processor's last reason (`expired_or_canceled_card`, `lost_or_stolen_card` …). */
  reason: string;
}
