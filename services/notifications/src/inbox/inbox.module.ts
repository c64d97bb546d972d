import { Module } from '@nestjs/common';
import { ListNotificationsController } from './list-notifications/list-notifications.controller';
import { ListNotificationsQuery } from './list-notifications/list-notifications.query';
import { MarkReadController } from './mark-read/mark-read.controller';
import { MarkReadHandler } from './mark-read/mark-read.handler';
import { MarkSeenController } from './mark-seen/mark-seen.controller';
import { MarkSeenHandler } from './mark-seen/mark-seen.handler';
import { NotificationRepository } from './persistence/notification.repository';

/** In-app notifications: the bell's API, and NotificationRepository for event consumers. */
@Module({
  controllers: [ListNotificationsController, MarkReadController, MarkSeenController],
  providers: [NotificationRepository, ListNotificationsQuery, MarkReadHandler, MarkSeenHandler],
  exports: [NotificationRepository],
})
export class InboxModule {}
