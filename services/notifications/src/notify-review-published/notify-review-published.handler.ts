import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { NotificationRepository } from '../inbox/persistence/notification.repository';
import { reviewNotice, reviewPath } from './review-notice';

/** Tells the reviewed user (in-app) that a review of them was published; once per event id. */
@Injectable()
export class NotifyReviewPublishedHandler {
  constructor(private readonly notifications: NotificationRepository) {}

  async handle(tx: EntityManager, event: EventOf<'orders.review.published.v1'>): Promise<void> {
    const p = event.payload;
    await this.notifications.create(tx, {
      userId: p.subjectId,
      type: 'other',
      ...reviewNotice(p),
      navigateTo: reviewPath(p),
    });
  }
}
