import { Module, type DynamicModule } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module';
import { InboxModule } from '../inbox/inbox.module';
import { type NotificationsConfig } from '../notifications.config';
import { PartyNotifier } from '../notify-order-parties/party-notifier';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';
import { NotifyDisputePartiesController } from './notify-dispute-parties.controller';
import { NotifyDisputePartiesHandler } from './notify-dispute-parties.handler';

/** In-app notifications (type `dispute`) and emails caused by orders' dispute events. */
@Module({})
export class NotifyDisputePartiesModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: NotifyDisputePartiesModule,
      imports: [EmailsModule.register(config), InboxModule],
      controllers: [NotifyDisputePartiesController],
      providers: [NotifyDisputePartiesHandler, PartyNotifier, RecipientRepository],
    };
  }
}
