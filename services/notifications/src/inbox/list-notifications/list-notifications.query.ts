import { Injectable } from '@nestjs/common';
import { DEFAULT_LIST_LIMIT } from '../domain/notification-type';
import { toNotificationDto } from '../persistence/notification.mapper';
import { NotificationRepository } from '../persistence/notification.repository';
import { type NotificationListDto, type UnreadCountDto } from './list-notifications.dto';

@Injectable()
export class ListNotificationsQuery {
  constructor(private readonly notifications: NotificationRepository) {}

  async list(userId: string, limit = DEFAULT_LIST_LIMIT): Promise<NotificationListDto> {
    const [rows, unreadCount] = await Promise.all([
      this.notifications.latest(userId, limit),
      this.notifications.unreadCount(userId),
    ]);
    return { items: rows.map(toNotificationDto), unreadCount };
  }

  async unreadCount(userId: string): Promise<UnreadCountDto> {
    return { count: await this.notifications.unreadCount(userId) };
  }
}
