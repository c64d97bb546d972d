import { Module } from '@nestjs/common';
import { ListNotificationsController } from './list-notifications/list-notifications.controller';
import { ListNotificationsQuery } from './list-notifications/list-notifications.query';
import { MarkReadController } from './mark-read/mark-read.controller';
import { MarkReadHandler } from './mark-read/mark-read.handler';
import { NotificationRepository } from './persistence/notification.repository';

/** In-app notifications: the bell's API, and NotificationRepository for event consumers. */
@Module({
  controllers: [ListNotificationsController, MarkReadController],
  providers: [NotificationRepository, ListNotificationsQuery, MarkReadHandler],
  exports: [NotificationRepository],
})
export class InboxModule {}
