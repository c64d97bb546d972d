import { defineService } from '@loadout/service-kit';
import { DevMailboxModule } from './dev-mailbox/dev-mailbox.module';
import { EmailLogEntity } from './emails/persistence/email-log.entity';
import { IdentityReactionsModule } from './identity-reactions.module';
import { ModerationReactionsModule } from './moderation-reactions.module';
import { RecipientEntity } from './recipients/persistence/recipient.entity';
import { InboxModule } from './inbox/inbox.module';
import { NotificationEntity } from './inbox/persistence/notification.entity';
import { NotificationThrottleEntity } from './inbox/persistence/notification-throttle.entity';
import { EmailPreferencesModule } from './email-preferences/email-preferences.module';
import { EmailPreferenceEntity } from './email-preferences/persistence/email-preference.entity';
import { SigningKeyEntity } from './email-preferences/persistence/signing-key.entity';
import { RealtimePushModule } from './realtime-push/realtime-push.module';
import { PushOrderChangesModule } from './push-order-changes/push-order-changes.module';
import { NotifyListingFavouritedModule } from './notify-listing-favourited/notify-listing-favourited.module';
import { NotifyNewMessageModule } from './notify-new-message/notify-new-message.module';
import { NotifyOrderPartiesModule } from './notify-order-parties/notify-order-parties.module';
import { NotifyReviewPublishedModule } from './notify-review-published/notify-review-published.module';
import { NotifyDisputePartiesModule } from './notify-dispute-parties/notify-dispute-parties.module';
import { NotifyOfferPartiesModule } from './notify-offer-parties/notify-offer-parties.module';
import { DevMailboxMessageEntity } from './mail/dev-mailbox-message.entity';
import { notificationsMigrations } from './migrations';
import {
  loadNotificationsConfig,
  NOTIFICATIONS_CONFIG,
  NOTIFICATIONS_GROUP,
  NOTIFICATIONS_SCHEMA,
} from './notifications.config';

/**
 * The notifications service: mail and the in-app inbox, both driven by other services' events.
 * It publishes nothing yet, so its relay just watches an empty outbox.
 */
export const notificationsService = defineService({
  name: 'notifications',
  schema: NOTIFICATIONS_SCHEMA,
  loadConfig: loadNotificationsConfig,
  configToken: NOTIFICATIONS_CONFIG,
  entities: [
    NotificationEntity,
    EmailLogEntity,
    DevMailboxMessageEntity,
    RecipientEntity,
    NotificationThrottleEntity,
    EmailPreferenceEntity,
    SigningKeyEntity,
  ],
  migrations: notificationsMigrations,
  modules: (config) => [
    InboxModule,
    EmailPreferencesModule,
    RealtimePushModule,
    IdentityReactionsModule.register(config),
    NotifyOrderPartiesModule.register(config),
    NotifyDisputePartiesModule.register(config),
    PushOrderChangesModule,
    NotifyOfferPartiesModule.register(config),
    NotifyNewMessageModule.register(config),
    NotifyListingFavouritedModule.register(config),
    NotifyReviewPublishedModule.register(config),
    ModerationReactionsModule.register(config),
    // Routes exist only on explicit opt-in (DEV_MAILBOX=on, set by `npm start`): 404 otherwise.
    ...(config.MAIL_TRANSPORT === 'devbox' && config.DEV_MAILBOX === 'on'
      ? [DevMailboxModule]
      : []),
  ],
  consumers: [
    {
      group: NOTIFICATIONS_GROUP,
      // A mail relay outage should not dead-letter a verification email within seconds:
      // about a minute of retries (0.5 s doubling, capped at 30 s) before giving up.
      tuning: { maxAttempts: 8, retryDelayMs: 500, maxRetryDelayMs: 30_000 },
    },
  ],
});
