import { Module, type DynamicModule } from '@nestjs/common';
import { BatchedNotificationRepository } from '../inbox/persistence/batched-notification.repository';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';
import { OptionalEmailSender } from '../email-preferences/optional-email.sender';
import { EmailPreferenceRepository } from '../email-preferences/persistence/email-preference.repository';
import { SigningKeyRepository } from '../email-preferences/persistence/signing-key.repository';
import { UnsubscribeTokens } from '../email-preferences/unsubscribe/unsubscribe-tokens';
import { EmailsModule } from '../emails/emails.module';
import { type NotificationsConfig } from '../notifications.config';
import { NotifyNewMessageController } from './notify-new-message.controller';
import { NotifyNewMessageHandler } from './notify-new-message.handler';

/** The batched "new message" notification caused by messaging's events. */
@Module({})
export class NotifyNewMessageModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: NotifyNewMessageModule,
      imports: [EmailsModule.register(config)],
      controllers: [NotifyNewMessageController],
      providers: [
        NotifyNewMessageHandler,
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
