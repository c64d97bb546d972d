import { type OrderRefundedV1 } from './order-refunded-v1';

/** What an order's outcome does to the listing it holds: free it again, or sell it. */
export type ListingOutcome = 'release' | 'sold';

/** The topics that can decide a listing's fate (ADR 0044); every other topic decides nothing. */
export const LISTING_OUTCOME_TOPICS = [
  'orders.order.completed.v1',
  'orders.order.cancelled.v1',
  'orders.order.expired.v1',
  'orders.order.refunded.v1',
] as const;

/** The fields of an order event the rule reads (only a refund's are looked at). */
export type ListingOutcomeFacts = Partial<
  Pick<OrderRefundedV1, 'full' | 'relist' | 'refundPending'>
>;

/**
 * THE rule for what an order's event does to its listing (ADR 0044), shared by listings'
 * consumer and orders' test stand-in of it: completed → sold; cancelled or expired → released;
 * a full refund → released when the item never left the seller (`relist`), else sold (it is
 * with the buyer; older events lack `relist`: read as false); a partial refund keeps the order,
 * and the listing, on hold (null), and so does the processor's later confirmation of a refund
 * (`refundPending: false`, ADR 0042): the refund's first event already decided. Any other
 * topic (created, paid, shipped, ...) → null. Pure: it takes the topic and the payload as they
 * travel, so a raw outbox row and a typed envelope read the same.
 */
export function listingOutcomeOf(
  type: string,
  payload: object | null | undefined,
): ListingOutcome | null {
  // Any order event's payload is accepted; only a refund's fields are read.
  const refund = payload as ListingOutcomeFacts | null | undefined;
  switch (type) {
    case 'orders.order.completed.v1':
      return 'sold';
    case 'orders.order.cancelled.v1':
    case 'orders.order.expired.v1':
      return 'release';
    case 'orders.order.refunded.v1':
      if (refund?.full !== true) return null;
      if (refund.refundPending === false) return null;
      return refund.relist === true ? 'release' : 'sold';
    default:
      return null;
  }
}
