import { Module, type DynamicModule } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module';
import { InboxModule } from '../inbox/inbox.module';
import { type NotificationsConfig } from '../notifications.config';
import { PartyNotifier } from '../notify-order-parties/party-notifier';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';
import { NotifyOfferPartiesController } from './notify-offer-parties.controller';
import { NotifyOfferPartiesHandler } from './notify-offer-parties.handler';

/** In-app notifications (type `offer`) and emails caused by orders' offer events. */
@Module({})
export class NotifyOfferPartiesModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: NotifyOfferPartiesModule,
      imports: [EmailsModule.register(config), InboxModule],
      controllers: [NotifyOfferPartiesController],
      providers: [NotifyOfferPartiesHandler, PartyNotifier, RecipientRepository],
    };
  }
}
