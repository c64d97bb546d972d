import {
  type DeletionBlocker,
  type DeletionBlockerReason,
  type OfferStatus,
  type OrderStatus,
} from '@loadout/contracts';
import { forbiddenError } from '@loadout/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Issue 25 item 1 / ADR 0029 and 0039: a post order's delivery address is kept 90 days after
 * the order is final (completed, cancelled, refunded, expired) — long enough for a late
 * complaint or a returned parcel — then its personal fields are erased. The amounts, dates and
 * the county stay (what the law requires for completed orders).
 */
export const DELIVERY_ADDRESS_RETENTION_DAYS = 90;

/** Orders whose final moment is before this may have their address erased at `now`. */
export function addressErasableBefore(now: Date): Date {
  return new Date(now.getTime() - DELIVERY_ADDRESS_RETENTION_DAYS * DAY_MS);
}

/** What is left of an erased address: the county (for statistics) and nothing that locates a person. */
export function erasedAddressArea(address: unknown): string | null {
  if (typeof address !== 'object' || address === null) return null;
  const county = (address as { county?: unknown }).county;
  return typeof county === 'string' && county.length > 0 ? county.slice(0, 20) : null;
}

const ORDER_BLOCKERS: Partial<Record<OrderStatus, DeletionBlockerReason>> = {
  pending_payment: 'payment_pending',
  paid: 'money_held',
  shipped: 'money_held',
  partially_refunded: 'money_held',
  disputed: 'open_dispute',
};

const RUNNING_OFFERS: readonly OfferStatus[] = ['open', 'countered'];

export interface UserOrderFacts {
  id: string;
  status: OrderStatus;
  /** A `transfer_to_seller` job of this order, to this user, that has not been done. */
  payoutPending: boolean;
}

export interface UserOfferFacts {
  id: string;
  status: OfferStatus;
}

/**
 * What stops a user from deleting their account (ADR 0039): any order of theirs (buyer or
 * seller) that holds money, waits for payment or is disputed; a completed sale whose payout
 * has not been transferred (money owed to them would strand); a running offer either way.
 */
export function deletionBlockers(
  orders: readonly UserOrderFacts[],
  offers: readonly UserOfferFacts[],
): DeletionBlocker[] {
  const out: DeletionBlocker[] = [];
  for (const o of orders) {
    const reason = ORDER_BLOCKERS[o.status];
    if (reason) out.push({ reason, orderId: o.id, offerId: null, status: o.status });
    else if (o.payoutPending)
      out.push({ reason: 'payout_pending', orderId: o.id, offerId: null, status: o.status });
  }
  for (const f of offers) {
    if (RUNNING_OFFERS.includes(f.status))
      out.push({ reason: 'open_offer', orderId: null, offerId: f.id, status: f.status });
  }
  return out;
}

/** The internal per-user routes answer only for the caller's own id (a user exports themselves). */
export const notYourData = () =>
  forbiddenError('ORDERS.NOT_YOUR_DATA', 'You can only read your own data.');
