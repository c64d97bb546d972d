import { type DisputeFactsV1 } from './dispute-facts';

/** `orders.dispute.responded.v1`: the seller accepted, proposed a partial refund or contested. */
export interface DisputeRespondedV1 extends DisputeFactsV1 {
  respondedAt: string;
  response: 'accept' | 'propose_partial' | 'contest';
  /** `propose_partial`: cents back to the buyer; otherwise null. */
  proposedCents: number | null;
}
