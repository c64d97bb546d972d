import { Module, type DynamicModule } from '@nestjs/common';
import { BatchedNotificationRepository } from '../batched-notifications/batched-notification.repository';
import { RecipientRepository } from '../identity-events/persistence/recipient.repository';
import { type NotificationsConfig } from '../notifications.config';
import { NotifyNewMessageController } from './notify-new-message.controller';
import { NotifyNewMessageHandler } from './notify-new-message.handler';

/** The batched "new message" notification caused by messaging's events. */
@Module({})
export class NotifyNewMessageModule {
  static register(_config: NotificationsConfig): DynamicModule {
    return {
      module: NotifyNewMessageModule,
      controllers: [NotifyNewMessageController],
      providers: [NotifyNewMessageHandler, BatchedNotificationRepository, RecipientRepository],
    };
  }
}
