import { type DisputeStatus } from '@loadout/contracts';
import { DisputeDomainError } from './dispute.errors';

/** Who acts on a dispute: its two parties, staff, or the deadline worker / card network. */
export type DisputeActor = 'buyer' | 'seller' | 'admin' | 'system';

export type DisputeCommand =
  | 'respond'
  | 'accept_proposal'
  | 'withdraw'
  | 'escalate'
  | 'decide'
  | 'post_message'
  | 'mark_return_shipped'
  | 'confirm_return'
  | 'close_chargeback';

interface Rule {
  from: readonly DisputeStatus[];
  actors: readonly DisputeActor[];
  notAllowed: string;
}

/**
 * The dispute lifecycle (issue 24): `open` → the seller responds (accept → `resolved`,
 * propose a partial refund → `responded`, contest → `escalated`); the buyer accepts a
 * proposal (→ `resolved`) or withdraws (→ `withdrawn`) before anything was sent back; a
 * deadline passing escalates; admins decide an escalated dispute. Accepting a return and
 * refund: `awaiting_return` → the buyer sends it (`return_shipped`) → the seller confirms
 * receipt, or its deadline passes (`resolved`, refunded in full).
 */
const RULES: Record<DisputeCommand, Rule> = {
  respond: {
    from: ['open'],
    actors: ['seller'],
    notAllowed: 'Only the seller can respond to this dispute.',
  },
  accept_proposal: {
    from: ['responded'],
    actors: ['buyer'],
    notAllowed: 'Only the buyer can accept the seller’s proposal.',
  },
  withdraw: {
    from: ['open', 'responded', 'awaiting_return', 'escalated'],
    actors: ['buyer'],
    notAllowed: 'Only the buyer can withdraw this dispute.',
  },
  escalate: {
    from: ['open', 'responded', 'awaiting_return'],
    actors: ['system'],
    notAllowed: 'Only the deadline worker escalates a dispute.',
  },
  decide: {
    from: ['escalated'],
    actors: ['admin'],
    notAllowed: 'Only an admin can decide a dispute.',
  },
  post_message: {
    from: ['open', 'responded', 'awaiting_return', 'return_shipped', 'escalated'],
    actors: ['buyer', 'seller', 'admin'],
    notAllowed: 'Only the buyer, the seller or an admin can write in this dispute.',
  },
  mark_return_shipped: {
    from: ['awaiting_return'],
    actors: ['buyer'],
    notAllowed: 'Only the buyer can say the item was sent back.',
  },
  // The seller confirms receipt; the deadline worker refunds when they never do.
  confirm_return: {
    from: ['return_shipped'],
    actors: ['seller', 'system'],
    notAllowed: 'Only the seller can confirm the item came back.',
  },
  close_chargeback: {
    from: ['escalated'],
    actors: ['system'],
    notAllowed: 'Only the card network closes a chargeback.',
  },
};

const STATE_SENTENCE: Record<DisputeStatus, string> = {
  open: 'is waiting for the seller’s response',
  responded: 'is waiting for the buyer to accept the seller’s proposal',
  awaiting_return: 'is waiting for the buyer to send the item back',
  return_shipped: 'is waiting for the seller to confirm the return',
  escalated: 'is with the Loadout team',
  resolved: 'is resolved',
  withdrawn: 'was withdrawn',
};

const COMMAND_SENTENCE: Record<DisputeCommand, string> = {
  respond: 'be responded to',
  accept_proposal: 'have a proposal accepted',
  withdraw: 'be withdrawn',
  escalate: 'be escalated',
  decide: 'be decided',
  post_message: 'take new messages',
  mark_return_shipped: 'be marked as sent back',
  confirm_return: 'have the return confirmed',
  close_chargeback: 'be closed by the card network',
};

/** Refuses `command` by `actor` in `current`: the actor first, then the state. */
export function assertDisputeCommand(
  current: DisputeStatus,
  command: DisputeCommand,
  actor: DisputeActor,
): void {
  const rule = RULES[command];
  if (!rule.actors.includes(actor))
    throw new DisputeDomainError('DISPUTES.NOT_ALLOWED', rule.notAllowed, 'forbidden', {
      command,
      actor,
    });
  if (!rule.from.includes(current))
    throw new DisputeDomainError(
      'DISPUTES.ILLEGAL_TRANSITION',
      `This dispute ${STATE_SENTENCE[current]}, so it cannot ${COMMAND_SENTENCE[command]}.`,
      'conflict',
      { command, status: current },
    );
}

export const canDispute = (
  current: DisputeStatus,
  command: DisputeCommand,
  actor: DisputeActor,
): boolean => RULES[command].actors.includes(actor) && RULES[command].from.includes(current);

/** States in which the dispute still holds the order (one such dispute per order). */
export const ACTIVE_DISPUTE_STATES: readonly DisputeStatus[] = [
  'open',
  'responded',
  'awaiting_return',
  'return_shipped',
  'escalated',
];
