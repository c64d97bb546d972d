import { type DisputeFactsV1, type OrderFactsV1 } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { type NewEvent } from '@loadout/events';

const now = () => new Date().toISOString();

/** A buyer's dispute about the order of `f` (a card chargeback with `origin: 'chargeback'`). */
export const disputeFacts = (
  f: OrderFactsV1,
  origin: DisputeFactsV1['origin'] = 'buyer',
): DisputeFactsV1 => ({ ...f, disputeId: newId(), origin, reason: 'not_received' });

export const disputeOpened = (d: DisputeFactsV1): NewEvent<'orders.dispute.opened.v1'> => ({
  type: 'orders.dispute.opened.v1',
  aggregateId: d.disputeId,
  payload: {
    ...d,
    openedAt: now(),
    wanted: { kind: 'full_refund' },
    respondBy: '2026-12-01T12:00:00.000Z',
  },
});

export const disputeResponded = (
  d: DisputeFactsV1,
  proposedCents: number,
): NewEvent<'orders.dispute.responded.v1'> => ({
  type: 'orders.dispute.responded.v1',
  aggregateId: d.disputeId,
  payload: { ...d, respondedAt: now(), response: 'propose_partial', proposedCents },
});

export const disputeEscalated = (d: DisputeFactsV1): NewEvent<'orders.dispute.escalated.v1'> => ({
  type: 'orders.dispute.escalated.v1',
  aggregateId: d.disputeId,
  payload: {
    ...d,
    escalatedAt: now(),
    why: d.origin === 'chargeback' ? 'chargeback' : 'contested',
  },
});

export const disputeResolved = (
  d: DisputeFactsV1,
  statement: string | null,
): NewEvent<'orders.dispute.resolved.v1'> => ({
  type: 'orders.dispute.resolved.v1',
  aggregateId: d.disputeId,
  payload: {
    ...d,
    resolvedAt: now(),
    outcome: 'partial_refund',
    refundCents: 3_000,
    decidedBy: 'admin',
    statement,
  },
});

export const disputeWithdrawn = (d: DisputeFactsV1): NewEvent<'orders.dispute.withdrawn.v1'> => ({
  type: 'orders.dispute.withdrawn.v1',
  aggregateId: d.disputeId,
  payload: { ...d, withdrawnAt: now(), resumesUntil: null },
});
