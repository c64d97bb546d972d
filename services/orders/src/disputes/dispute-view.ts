import { type DisputeView } from '@loadout/contracts';
import { type Dispute } from './domain/dispute';
import { type DisputeMessage } from './domain/dispute-repository.port';
import { type AttachedPhoto } from './persistence/dispute-photo.repository';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The wire view of a dispute; with its thread for `GET disputes/{id}`. */
export function toDisputeView(
  dispute: Dispute,
  messages?: DisputeMessage[],
  photos: AttachedPhoto[] = [],
): DisputeView {
  const d = dispute.props;
  const photosOf = (messageId: string | null) =>
    photos
      .filter((p) => p.messageId === messageId)
      .map((p) => ({ id: p.id, width: p.width, height: p.height }));
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
        photos: photosOf(m.id),
        at: m.at.toISOString(),
      })),
      photos: photosOf(null),
    }),
  };
}
