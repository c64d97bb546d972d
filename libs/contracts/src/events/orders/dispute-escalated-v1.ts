import { type DisputeFactsV1 } from './dispute-facts';

/** `orders.dispute.escalated.v1`: admins decide (contested, or a deadline passed). */
export interface DisputeEscalatedV1 extends DisputeFactsV1 {
  escalatedAt: string;
  why: 'contested' | 'deadline_passed' | 'chargeback';
}
