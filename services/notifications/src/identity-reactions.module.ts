import { Module, type DynamicModule } from '@nestjs/common';
import { EmailsModule } from './emails/emails.module';
import { InboxModule } from './inbox/inbox.module';
import { NotifyNewAdminController } from './notify-new-admin/notify-new-admin.controller';
import { NotifyNewAdminHandler } from './notify-new-admin/notify-new-admin.handler';
import { type NotificationsConfig } from './notifications.config';
import { RecipientRepository } from './recipients/persistence/recipient.repository';
import { EraseDeletedUserController } from './erase-deleted-user/erase-deleted-user.controller';
import { ExportUserDataController } from './export-user-data/export-user-data.controller';
import { NotificationsUserDataRepository } from './recipients/persistence/user-data.repository';
import { RememberRecipientController } from './remember-recipient/remember-recipient.controller';
import { RememberRecipientHandler } from './remember-recipient/remember-recipient.handler';
import { SendPasswordResetEmailController } from './send-password-reset-email/send-password-reset-email.controller';
import { SendPasswordResetEmailHandler } from './send-password-reset-email/send-password-reset-email.handler';
import { SendVerificationEmailController } from './send-verification-email/send-verification-email.controller';
import { SendVerificationEmailHandler } from './send-verification-email/send-verification-email.handler';
import { WarnOfSignInThrottlingController } from './warn-of-sign-in-throttling/warn-of-sign-in-throttling.controller';
import { WarnOfSignInThrottlingHandler } from './warn-of-sign-in-throttling/warn-of-sign-in-throttling.handler';
import { WarnOfSignUpAttemptController } from './warn-of-sign-up-attempt/warn-of-sign-up-attempt.controller';
import { WarnOfSignUpAttemptHandler } from './warn-of-sign-up-attempt/warn-of-sign-up-attempt.handler';
import { WelcomeVerifiedUserController } from './welcome-verified-user/welcome-verified-user.controller';
import { WelcomeVerifiedUserHandler } from './welcome-verified-user/welcome-verified-user.handler';

/**
 * Reactions to identity's events (consumer group `notifications`), one use-case folder each:
 * remember the recipient, the verification and reset emails, the sign-up attempt warning, the
 * sign-in throttling warning, the welcome, the new-admin email; the account deletion's
 * erasure and the user's data export (ADR 0039).
 */
@Module({})
export class IdentityReactionsModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: IdentityReactionsModule,
      imports: [EmailsModule.register(config), InboxModule],
      controllers: [
        RememberRecipientController,
        SendVerificationEmailController,
        SendPasswordResetEmailController,
        WarnOfSignUpAttemptController,
        WarnOfSignInThrottlingController,
        WelcomeVerifiedUserController,
        NotifyNewAdminController,
        EraseDeletedUserController,
        ExportUserDataController,
      ],
      providers: [
        RecipientRepository,
        NotificationsUserDataRepository,
        RememberRecipientHandler,
        SendVerificationEmailHandler,
        SendPasswordResetEmailHandler,
        WarnOfSignUpAttemptHandler,
        WarnOfSignInThrottlingHandler,
        WelcomeVerifiedUserHandler,
        NotifyNewAdminHandler,
      ],
    };
  }
}
