import { Module, type DynamicModule } from '@nestjs/common';
import { EmailsModule } from '../emails/emails.module';
import { InboxModule } from '../inbox/inbox.module';
import { type NotificationsConfig } from '../notifications.config';
import { PartyNotifier } from '../notify-order-parties/party-notifier';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';
import { NotifyReviewPublishedController } from './notify-review-published.controller';
import { NotifyReviewPublishedHandler } from './notify-review-published.handler';

/** The reviewed user's "you have a new review" notice and email. */
@Module({})
export class NotifyReviewPublishedModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: NotifyReviewPublishedModule,
      imports: [EmailsModule.register(config), InboxModule],
      controllers: [NotifyReviewPublishedController],
      providers: [NotifyReviewPublishedHandler, PartyNotifier, RecipientRepository],
    };
  }
}
