import { type OrderActor, type OrderStatus } from '@loadout/contracts';
import { OrderDomainError } from './order.errors';

/** Everything that can happen to an order. Payment events arrive as `system`. */
export type OrderCommand =
  | 'pay'
  | 'confirm_payment'
  | 'ship'
  | 'confirm_delivery'
  | 'auto_release'
  | 'cancel'
  | 'cancel_unshipped'
  | 'expire'
  | 'refund'
  | 'processor_refund'
  | 'processor_partial_refund'
  | 'open_dispute'
  | 'end_dispute'
  | 'dispute_release'
  | 'dispute_refund'
  | 'dispute_partial_refund'
  | 'chargeback_lost';

interface Rule {
  from: readonly OrderStatus[];
  to: OrderStatus;
  actors: readonly OrderActor[];
  /** Sentence for an actor who may never do this. */
  notAllowed: string;
}

/**
 * The escrow lifecycle of docs/domain.md. `disputed` freezes the money (no automatic release,
 * no ship-by cancel) until the dispute settles (ADR 0027). `partially_refunded` is reached today when part of
 * the payment is refunded outside Loadout (ADR 0013); the rest stays held until an admin
 * refunds it too (or the disputes issue settles it).
 */
const RULES: Record<OrderCommand, Rule> = {
  // Starting a payment changes nothing yet; the processor's event moves the order.
  pay: {
    from: ['pending_payment'],
    to: 'pending_payment',
    actors: ['buyer'],
    notAllowed: 'Only the buyer can pay for this order.',
  },
  confirm_payment: {
    from: ['pending_payment'],
    to: 'paid',
    actors: ['system'],
    notAllowed: 'Only the payment processor can confirm a payment.',
  },
  ship: {
    from: ['paid'],
    to: 'shipped',
    actors: ['seller', 'admin'],
    notAllowed: 'Only the seller can mark this order as shipped.',
  },
  confirm_delivery: {
    from: ['shipped'],
    to: 'completed',
    actors: ['buyer', 'admin'],
    notAllowed: 'Only the buyer can confirm delivery.',
  },
  auto_release: {
    from: ['shipped'],
    to: 'completed',
    actors: ['system'],
    notAllowed: 'Only the deadline worker releases money automatically.',
  },
  cancel: {
    from: ['pending_payment', 'paid'],
    to: 'cancelled',
    actors: ['buyer', 'seller', 'admin'],
    notAllowed: 'Only the buyer or the seller can cancel this order.',
  },
  cancel_unshipped: {
    from: ['paid'],
    to: 'cancelled',
    actors: ['system'],
    notAllowed: 'Only the deadline worker cancels an order that was not shipped in time.',
  },
  expire: {
    from: ['pending_payment'],
    to: 'expired',
    actors: ['system'],
    notAllowed: 'Only the deadline worker expires an unpaid order.',
  },
  refund: {
    from: ['paid', 'shipped', 'disputed', 'partially_refunded'],
    to: 'refunded',
    actors: ['admin'],
    notAllowed: 'Only an admin can refund an order.',
  },
  // A refund made outside Loadout (Stripe dashboard) while the money is still in escrow,
  // reported by the processor's `charge.refunded` (see domain/external-refund.ts).
  processor_refund: {
    from: ['paid', 'shipped', 'disputed', 'partially_refunded'],
    to: 'refunded',
    actors: ['system'],
    notAllowed: 'Only the payment processor reports a refund made outside Loadout.',
  },
  processor_partial_refund: {
    from: ['paid', 'shipped', 'disputed', 'partially_refunded'],
    to: 'partially_refunded',
    actors: ['system'],
    notAllowed: 'Only the payment processor reports a refund made outside Loadout.',
  },
  // Disputes (issue 24, ADR 0027): a buyer's dispute or a card chargeback freezes the money.
  open_dispute: {
    from: ['paid', 'shipped'],
    to: 'disputed',
    actors: ['buyer', 'system'],
    notAllowed: 'Only the buyer can open a dispute.',
  },
  // Back to the state it was in (paid or shipped); the order keeps which (statusBeforeDispute).
  end_dispute: {
    from: ['disputed'],
    to: 'disputed',
    actors: ['buyer', 'system'],
    notAllowed: 'Only the buyer can withdraw a dispute.',
  },
  dispute_release: {
    from: ['disputed'],
    to: 'completed',
    actors: ['admin'],
    notAllowed: 'Only an admin can release a disputed order.',
  },
  // `system`: a returned item the seller never confirmed (its deadline passed).
  dispute_refund: {
    from: ['disputed'],
    to: 'refunded',
    actors: ['seller', 'admin', 'system'],
    notAllowed: 'Only the seller or an admin can refund a disputed order.',
  },
  // A partial refund releases the rest to the seller: the order is completed.
  dispute_partial_refund: {
    from: ['disputed'],
    to: 'completed',
    actors: ['seller', 'buyer', 'admin'],
    notAllowed: 'Only the parties or an admin can settle a disputed order.',
  },
  chargeback_lost: {
    from: ['disputed'],
    to: 'refunded',
    actors: ['system'],
    notAllowed: 'Only the card network decides a chargeback.',
  },
};

const STATE_SENTENCE: Record<OrderStatus, string> = {
  pending_payment: 'is waiting for payment',
  paid: 'is paid and waiting to be shipped',
  shipped: 'has been shipped',
  completed: 'is completed and the money was released',
  cancelled: 'was cancelled',
  refunded: 'was refunded',
  partially_refunded: 'was partly refunded',
  expired: 'expired before it was paid',
  disputed: 'is under dispute',
};

const COMMAND_SENTENCE: Record<OrderCommand, string> = {
  pay: 'be paid',
  confirm_payment: 'be paid',
  ship: 'be marked as shipped',
  confirm_delivery: 'have its delivery confirmed',
  auto_release: 'be released',
  cancel: 'be cancelled',
  cancel_unshipped: 'be cancelled',
  expire: 'expire',
  refund: 'be refunded',
  processor_refund: 'be refunded',
  processor_partial_refund: 'be partly refunded',
  open_dispute: 'be disputed',
  end_dispute: 'leave the dispute',
  dispute_release: 'be released',
  dispute_refund: 'be refunded',
  dispute_partial_refund: 'be partly refunded',
  chargeback_lost: 'be refunded',
};

/**
 * States that hold the buyer's money in escrow: the ledger's `escrow_held` equals the sum of
 * `total − refunded` over them. `partially_refunded` keeps the rest held until an admin
 * settles it (ADR 0013, "Refunds made outside Loadout").
 */
export const MONEY_HELD_STATES: readonly OrderStatus[] = [
  'paid',
  'shipped',
  'disputed',
  'partially_refunded',
];
/** States after which nothing more happens to an order. */
export const FINAL_STATES: readonly OrderStatus[] = [
  'completed',
  'cancelled',
  'refunded',
  'expired',
];

/**
 * The next state of `command` by `actor` from `current`, or a typed refusal: the actor check
 * comes first (a stranger learns nothing about the state), then the state check.
 */
export function nextStatus(
  current: OrderStatus,
  command: OrderCommand,
  actor: OrderActor,
): OrderStatus {
  const rule = RULES[command];
  if (!rule.actors.includes(actor))
    throw new OrderDomainError('ORDERS.NOT_ALLOWED', rule.notAllowed, 'forbidden', {
      command,
      actor,
    });
  if (!rule.from.includes(current))
    throw new OrderDomainError(
      'ORDERS.ILLEGAL_TRANSITION',
      `This order ${STATE_SENTENCE[current]}, so it cannot ${COMMAND_SENTENCE[command]}.`,
      'conflict',
      { command, status: current },
    );
  return rule.to;
}

export const canTransition = (
  current: OrderStatus,
  command: OrderCommand,
  actor: OrderActor,
): boolean => RULES[command].actors.includes(actor) && RULES[command].from.includes(current);

/** The actor a user is for an order; null = neither party (handlers answer 404). */
export function actorOf(
  order: { buyerId: string; sellerId: string },
  user: { id: string; isAdmin: boolean },
): OrderActor | null {
  if (order.buyerId === user.id) return 'buyer';
  if (order.sellerId === user.id) return 'seller';
  return user.isAdmin ? 'admin' : null;
}
