import { type OrderFactsV1 } from './order-facts';

/** What every `orders.dispute.*` event carries: the order's facts and the dispute's. */
export interface DisputeFactsV1 extends OrderFactsV1 {
  disputeId: string;
  /** `buyer` or `chargeback` (a card chargeback: only admins are told). */
  origin: 'buyer' | 'chargeback';
  reason: 'not_received' | 'not_as_described' | 'damaged' | 'counterfeit_or_illegal' | 'other';
}
