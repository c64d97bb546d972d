import { Module, type DynamicModule } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module';
import { InboxModule } from '../inbox/inbox.module';
import { type NotificationsConfig } from '../notifications.config';
import { IdentityEventsController } from './identity-events.controller';
import { IdentityEventsHandler } from './identity-events.handler';
import { RecipientRepository } from './persistence/recipient.repository';

/** Emails and in-app notifications caused by identity's events. */
@Module({})
export class IdentityEventsModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: IdentityEventsModule,
      imports: [EmailsModule.register(config), InboxModule],
      controllers: [IdentityEventsController],
      providers: [IdentityEventsHandler, RecipientRepository],
    };
  }
}
