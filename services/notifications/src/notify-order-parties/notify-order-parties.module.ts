import { Module, type DynamicModule } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';
import { InboxModule } from '../inbox/inbox.module';
import { type NotificationsConfig } from '../notifications.config';
import { NotifyOrderPartiesController } from './notify-order-parties.controller';
import { NotifyOrderPartiesHandler } from './notify-order-parties.handler';
import { PartyNotifier } from './party-notifier';

/** In-app notifications and emails caused by orders' events (paid, shipped, completed, reminders, cancellations, refunds, expiries). */
@Module({})
export class NotifyOrderPartiesModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: NotifyOrderPartiesModule,
      imports: [EmailsModule.register(config), InboxModule],
      controllers: [NotifyOrderPartiesController],
      providers: [NotifyOrderPartiesHandler, PartyNotifier, RecipientRepository],
    };
  }
}
