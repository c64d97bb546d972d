import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { BatchedNotificationRepository } from '../inbox/persistence/batched-notification.repository';
import { OptionalEmailSender } from '../email-preferences/optional-email.sender';
import { listingFavouritedEmail } from '../emails/templates/engagement-emails';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { NotificationRepository } from '../inbox/persistence/notification.repository';
import { favouriteNotice, favouriteThrottleKey, listingPath } from './favourite-notice';

/**
 * Tells the seller that a listing was favourited (in-app, and by email if they want it), at
 * most once per listing per Irish day.
 * Runs in the consumer's transaction (once per event id); the throttle key commits with it.
 */
@Injectable()
export class NotifyListingFavouritedHandler {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly emails: OptionalEmailSender,
    private readonly throttle: BatchedNotificationRepository,
    private readonly notifications: NotificationRepository,
  ) {}

  /** True when a notice was given, false when the listing already had one that day. */
  async handle(
    tx: EntityManager,
    event: EventOf<'listings.listing.favourited.v1'>,
  ): Promise<boolean> {
    const p = event.payload;
    if (p.userId === p.sellerId) return false;
    const first = await this.throttle.claimOnce(
      tx,
      favouriteThrottleKey(p.listingId, p.favouritedAt),
    );
    if (!first) return false;
    await this.notifications.create(tx, {
      userId: p.sellerId,
      type: 'listing_favourited',
      ...favouriteNotice({ title: p.title, favoriteCount: p.favoriteCount }),
      navigateTo: listingPath(p.listingId),
    });
    await this.emails.send(tx, {
      userId: p.sellerId,
      kind: 'favourites',
      template: 'listing_favourited',
      eventId: event.id,
      render: ({ displayName, unsubscribeUrl }) =>
        listingFavouritedEmail({
          displayName,
          title: p.title,
          listingUrl: `${this.config.PUBLIC_URL}${listingPath(p.listingId)}`,
          unsubscribeUrl,
        }),
    });
    return true;
  }
}
