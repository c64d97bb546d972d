import { type DisputeFactsV1 } from './dispute-facts';

/** `orders.dispute.resolved.v1`: settled; the money moved as `outcome` says. */
export interface DisputeResolvedV1 extends DisputeFactsV1 {
  resolvedAt: string;
  outcome: 'release' | 'full_refund' | 'partial_refund';
  /** Cents back to the buyer. */
  refundCents: number;
  decidedBy: 'seller' | 'buyer' | 'admin' | 'system';
  /** An admin's reasons, sent to both parties; null otherwise. */
  statement: string | null;
}
