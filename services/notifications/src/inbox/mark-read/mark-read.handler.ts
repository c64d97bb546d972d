import { Injectable } from '@nestjs/common';
import { isId } from '@loadout/db';
import { notificationNotFound } from '../domain/notification.errors';
import { NotificationRepository } from '../persistence/notification.repository';
import { type UnreadCountDto } from '../list-notifications/list-notifications.dto';

@Injectable()
export class MarkReadHandler {
  constructor(private readonly notifications: NotificationRepository) {}

  /** 404 for an id that is not the user's own, whether or not it exists. */
  async markRead(userId: string, id: string): Promise<UnreadCountDto> {
    if (!isId(id) || !(await this.notifications.markRead(userId, id))) {
      throw notificationNotFound();
    }
    return { count: await this.notifications.unreadCount(userId) };
  }

  async markAllRead(userId: string): Promise<UnreadCountDto> {
    await this.notifications.markAllRead(userId);
    return { count: 0 };
  }
}
