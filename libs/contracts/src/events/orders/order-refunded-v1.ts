import { type OrderFactsV1 } from './order-facts';

/**
 * `orders.order.refunded.v1`: money went back to the buyer, or is on its way (`refundPending`) (cancellation, a refund made in the
 * processor's dashboard, or a dispute outcome). `full: false` = `partially_refunded`: the order
 * and its listing stay on hold until an admin settles the rest.
 */
export interface OrderRefundedV1 extends OrderFactsV1 {
  refundedAt: string;
  /** Cumulative cents refunded so far. */
  refundedCents: number;
  /** True when the whole total (item, postage and fee) went back. */
  full: boolean;
  /**
   * True when the listing comes back on sale: a full refund of an item that never left the
   * seller. A shipped item is with the buyer (issue 23 scenario 3). Older events lack it: read
   * a missing value as false.
   */
  relist: boolean;
  /**
   * True when a dispute's outcome (a buyer's dispute or a card chargeback) moved the money: the
   * dispute's own events tell the parties (issue 23 scenario 12). Absent otherwise.
   */
  byDispute?: boolean;
  /**
   * True when Loadout has asked the processor for the refund and it is not confirmed yet: the
   * money is on its way, not back (ADR 0042). A second event with `false` follows when the
   * processor confirms it; that confirmation decides nothing about the listing (its `relist` was
   * decided by the first event), so consumers of the listing's fate ignore `false`. Absent
   * (older events, refunds made in the processor's dashboard): the money is back.
   */
  refundPending?: boolean;
}
