import { type DisputeFactsV1 } from './dispute-facts';

/** `orders.dispute.withdrawn.v1`: the buyer withdrew; the order's clocks run again. */
export interface DisputeWithdrawnV1 extends DisputeFactsV1 {
  withdrawnAt: string;
  /** The automatic release (shipped) or ship-by (paid) deadline, at least 3 days away. */
  resumesUntil: string | null;
}
