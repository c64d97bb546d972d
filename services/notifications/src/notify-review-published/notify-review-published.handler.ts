import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { reviewPublishedEmail } from '../emails/templates/review-emails';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { PartyNotifier } from '../notify-order-parties/party-notifier';
import { reviewNotice, reviewPath } from './review-notice';

/**
 * Tells the reviewed user that a review of them was published: in-app, and by email (a review
 * is about their trade, so it goes with the order emails); once per event id.
 */
@Injectable()
export class NotifyReviewPublishedHandler {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly parties: PartyNotifier,
  ) {}

  async handle(tx: EntityManager, event: EventOf<'orders.review.published.v1'>): Promise<void> {
    const p = event.payload;
    const notice = reviewNotice(p);
    const path = reviewPath(p);
    await this.parties.notify(tx, event.id, {
      userId: p.subjectId,
      type: 'other',
      ...notice,
      navigateTo: path,
      email: {
        template: 'review_published',
        render: (displayName) =>
          reviewPublishedEmail({
            displayName,
            summary: notice.message,
            path,
            canReply: p.subjectRole === 'seller',
            publicUrl: this.config.PUBLIC_URL,
          }),
      },
    });
  }
}
