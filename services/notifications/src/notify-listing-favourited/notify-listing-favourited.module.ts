import { Module, type DynamicModule } from '@nestjs/common';
import { BatchedNotificationRepository } from '../batched-notifications/batched-notification.repository';
import { InboxModule } from '../inbox/inbox.module';
import { type NotificationsConfig } from '../notifications.config';
import { NotifyListingFavouritedController } from './notify-listing-favourited.controller';
import { NotifyListingFavouritedHandler } from './notify-listing-favourited.handler';

/** The seller's "someone favourited your listing" notice (at most one per listing per day). */
@Module({})
export class NotifyListingFavouritedModule {
  static register(_config: NotificationsConfig): DynamicModule {
    return {
      module: NotifyListingFavouritedModule,
      imports: [InboxModule],
      controllers: [NotifyListingFavouritedController],
      providers: [NotifyListingFavouritedHandler, BatchedNotificationRepository],
    };
  }
}
