import { Module, type DynamicModule } from '@nestjs/common';
import { BatchedNotificationRepository } from '../inbox/persistence/batched-notification.repository';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';
import { InboxModule } from '../inbox/inbox.module';
import { OptionalEmailSender } from '../email-preferences/optional-email.sender';
import { EmailPreferenceRepository } from '../email-preferences/persistence/email-preference.repository';
import { SigningKeyRepository } from '../email-preferences/persistence/signing-key.repository';
import { UnsubscribeTokens } from '../email-preferences/unsubscribe/unsubscribe-tokens';
import { EmailsModule } from '../emails/emails.module';
import { type NotificationsConfig } from '../notifications.config';
import { NotifyListingFavouritedController } from './notify-listing-favourited.controller';
import { NotifyListingFavouritedHandler } from './notify-listing-favourited.handler';

/** The seller's "someone favourited your listing" notice (at most one per listing per day). */
@Module({})
export class NotifyListingFavouritedModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: NotifyListingFavouritedModule,
      imports: [InboxModule, EmailsModule.register(config)],
      controllers: [NotifyListingFavouritedController],
      providers: [
        NotifyListingFavouritedHandler,
        BatchedNotificationRepository,
        RecipientRepository,
        OptionalEmailSender,
        EmailPreferenceRepository,
        UnsubscribeTokens,
        SigningKeyRepository,
      ],
    };
  }
}
