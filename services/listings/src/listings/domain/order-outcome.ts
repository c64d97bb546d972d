import { type EventOf } from '@loadout/contracts';

type OrderOutcomeEvent = EventOf<
  | 'orders.order.completed.v1'
  | 'orders.order.cancelled.v1'
  | 'orders.order.expired.v1'
  | 'orders.order.refunded.v1'
>;

/**
 * What an order's outcome does to the listing it holds (ADR 0044): the only road by which a
 * written order frees or sells its listing. Completed → sold; cancelled or expired → released;
 * a full refund → released when the item never left the seller (`relist`), else sold (it is
 * with the buyer; older events lack `relist`: read as false); a partial refund keeps the
 * order, and the listing, on hold (null), and so does the processor's later confirmation of a
 * refund (`refundPending: false`).
 */
export function listingCommandFor(event: OrderOutcomeEvent): 'release' | 'sold' | null {
  switch (event.type) {
    case 'orders.order.completed.v1':
      return 'sold';
    case 'orders.order.cancelled.v1':
    case 'orders.order.expired.v1':
      return 'release';
    case 'orders.order.refunded.v1': {
      const refund = (event as EventOf<'orders.order.refunded.v1'>).payload;
      if (!refund.full) return null;
      // The processor's confirmation of a refund asked earlier (ADR 0042): the first event of
      // that refund already decided the listing's fate, and this one carries no `relist`.
      if (refund.refundPending === false) return null;
      return refund.relist === true ? 'release' : 'sold';
    }
  }
}
