import { Module, type DynamicModule } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { type NotificationsConfig } from '../notifications.config';
import { EmailLogRepository } from './persistence/email-log.repository';
import { SendEmailHandler } from './send-email.handler';

/** Rendering and sending email through the configured mail adapter, with the email log. */
@Module({})
export class EmailsModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: EmailsModule,
      imports: [MailModule.register(config)],
      providers: [SendEmailHandler, EmailLogRepository],
      exports: [SendEmailHandler],
    };
  }
}
