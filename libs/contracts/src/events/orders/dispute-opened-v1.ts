import { type DisputeFactsV1 } from './dispute-facts';

/** `orders.dispute.opened.v1`: the order is frozen (no automatic release) until it is settled. */
export interface DisputeOpenedV1 extends DisputeFactsV1 {
  openedAt: string;
  wanted: { kind: 'full_refund' | 'partial_refund' | 'return_and_refund'; amountCents?: number };
  /** The seller's deadline to respond (ISO 8601). */
  respondBy: string;
}
