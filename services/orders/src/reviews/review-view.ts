import { type ReviewView } from '@loadout/contracts';
import { type Review } from './domain/review';

export function toReviewView(r: Review): ReviewView {
  return {
    id: r.id,
    orderId: r.orderId,
    listingTitle: r.listingTitle,
    authorId: r.authorId,
    authorRole: r.authorRole,
    subjectId: r.subjectId,
    subjectRole: r.subjectRole,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    publishedAt: r.publishedAt?.toISOString() ?? null,
    reply:
      r.replyText !== null && r.repliedAt
        ? { text: r.replyText, createdAt: r.repliedAt.toISOString() }
        : null,
  };
}
