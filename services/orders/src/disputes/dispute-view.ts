import { type DisputeView } from '@loadout/contracts';
import { type Dispute } from './domain/dispute';
import { type DisputeMessage } from './domain/dispute-repository.port';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The wire view of a dispute; with its thread for `GET disputes/{id}`. */
export function toDisputeView(dispute: Dispute, messages?: DisputeMessage[]): DisputeView {
  const d = dispute.props;
  return {
    id: d.id,
    orderId: d.orderId,
    buyerId: d.buyerId,
    sellerId: d.sellerId,
    origin: d.origin,
    status: d.status,
    reason: d.reason,
    description: d.description,
    wanted: d.wanted,
    orderTotalCents: d.orderTotalCents,
    response: d.response,
    outcome: d.outcome,
    respondBy: iso(d.respondBy),
    openedAt: d.openedAt.toISOString(),
    resolvedAt: iso(d.resolvedAt),
    ...(messages && {
      messages: messages.map((m) => ({
        id: m.id,
        authorId: m.authorId,
        authorRole: m.authorRole,
        body: m.body,
        at: m.at.toISOString(),
      })),
    }),
  };
}
