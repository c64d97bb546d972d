import { type ListingHold, type OrderStatus } from '@loadout/contracts';

/** States in which the order still holds its listing (a partly refunded order is on hold). */
const HOLDING: readonly OrderStatus[] = [
  'pending_payment',
  'paid',
  'shipped',
  'disputed',
  'partially_refunded',
];

/**
 * What listings should do with a listing reserved for an order (its reservation sweep asks):
 * keep holding it, release it (the item never left the seller and nobody is buying it), or
 * mark it sold (it changed hands). The answer for one order id. `order` null: no order was written; `intentFresh`: a checkout
 * for that id began less than the grace period ago and may still write it.
 */
export function listingHoldOf(
  order: { status: OrderStatus; shipped: boolean } | null,
  intentFresh: boolean,
): ListingHold {
  if (!order) return intentFresh ? 'hold' : 'release';
  if (HOLDING.includes(order.status)) return 'hold';
  if (order.status === 'completed') return 'sell';
  // Refunded after shipping: the item is with the buyer, not for sale again.
  return order.shipped ? 'sell' : 'release';
}
