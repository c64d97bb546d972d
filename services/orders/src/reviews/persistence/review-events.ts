import { Injectable } from '@nestjs/common';
import { type ReviewPublishedV1 } from '@loadout/contracts';
import { OutboxWriter } from '@loadout/events';
import { sqlExecutorOf, type Tx } from '@loadout/service-kit';
import { ORDERS_SCHEMA } from '../../orders.config';
import { type Review } from '../domain/review';
import { type ReviewChangeMeta } from '../domain/review-repository.port';

/** The one place reviews events are built and appended to the outbox (caller's transaction). */
@Injectable()
export class ReviewEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  async published(
    tx: Tx,
    review: Review,
    subjectRating: ReviewPublishedV1['subjectRating'],
    meta: ReviewChangeMeta,
  ): Promise<void> {
    if (!review.publishedAt) throw new Error(`review ${review.id} is not published`);
    await this.outbox.append(
      sqlExecutorOf(tx),
      ORDERS_SCHEMA,
      {
        type: 'orders.review.published.v1',
        aggregateId: review.id,
        payload: {
          reviewId: review.id,
          orderId: review.orderId,
          listingId: review.listingId,
          listingTitle: review.listingTitle,
          authorId: review.authorId,
          authorRole: review.authorRole,
          subjectId: review.subjectId,
          subjectRole: review.subjectRole,
          rating: review.rating,
          comment: review.comment,
          createdAt: review.createdAt.toISOString(),
          publishedAt: review.publishedAt.toISOString(),
          subjectRating,
        },
      },
      { actorId: meta.actorId, correlationId: meta.requestId },
    );
  }
}
