import { type OrderStatus } from '@loadout/contracts';
import { nextStatus } from './order-state';

/**
 * Held states whose external refunds this rule settles. `disputed` too (ADR 0027): the money
 * is still in escrow, and a dashboard refund arriving before or after a chargeback's events
 * must end the same (webhooks come in any order).
 */
const HELD_HERE: readonly OrderStatus[] = ['paid', 'shipped', 'disputed', 'partially_refunded'];

/** What the escrow does about a refund the processor reports. */
export type ExternalRefundDecision =
  /** Nothing new: a duplicate, a late smaller total, or an order whose refund Loadout made. */
  | { kind: 'none' }
  /** Money still in escrow went back outside Loadout: post `deltaCents`, move to `to`. */
  | { kind: 'refund'; to: 'refunded' | 'partially_refunded'; deltaCents: number; full: boolean }
  /** Released money was refunded: it needs a transfer reversal, recorded only. */
  | { kind: 'not_held' };

/**
 * A `charge.refunded` (or the simulated equivalent) for an order. `refundedTotalCents` is the
 * processor's cumulative refunded amount, so any number of copies in any order converge: only
 * a total above what the order already records moves money, by the difference.
 *
 * - Orders Loadout refunded itself (cancelled, or a late payment on an expired order) already
 *   posted their refund when they closed: the event only confirms it (`none` here; the
 *   caller records the confirmation).
 * - Money still held (`paid`, `shipped`, `partially_refunded`): a refund made in the Stripe
 *   dashboard. The whole total (item, postage and fee) → `refunded`; less → `partially_refunded`,
 *   the rest stays held until an admin settles it (ADR 0013).
 * - `completed` (already transferred): `not_held`, recorded only (a transfer reversal is not
 *   made yet).
 */
export function decideExternalRefund(
  order: { status: OrderStatus; totalCents: number; refundedCents: number },
  refundedTotalCents: number,
): ExternalRefundDecision {
  if (!Number.isSafeInteger(refundedTotalCents) || refundedTotalCents < 0)
    throw new RangeError('refunded amounts are integer cents');
  if (order.status === 'completed')
    return refundedTotalCents > order.refundedCents ? { kind: 'not_held' } : { kind: 'none' };
  if (!HELD_HERE.includes(order.status)) return { kind: 'none' };
  const total = Math.min(refundedTotalCents, order.totalCents);
  const deltaCents = total - order.refundedCents;
  if (deltaCents <= 0) return { kind: 'none' };
  const full = total === order.totalCents;
  const to = nextStatus(
    order.status,
    full ? 'processor_refund' : 'processor_partial_refund',
    'system',
  ) as 'refunded' | 'partially_refunded';
  return { kind: 'refund', to, deltaCents, full };
}
