import { Injectable } from '@nestjs/common';
import { isId } from '@loadout/db';
import { NotificationRepository } from '../persistence/notification.repository';
import { type UnreadCountDto } from '../list-notifications/list-notifications.dto';

@Injectable()
export class MarkSeenHandler {
  constructor(private readonly notifications: NotificationRepository) {}

  /**
   * Marks read what the bell showed, not everything: one that arrived after the bell was drawn
   * stays unread. Ids that are not the caller's match nothing (no 404, nothing disclosed).
   */
  async markSeen(userId: string, ids: string[]): Promise<UnreadCountDto> {
    const own = [...new Set(ids.filter((id) => isId(id)))];
    if (own.length > 0) await this.notifications.markManyRead(userId, own);
    return { count: await this.notifications.unreadCount(userId) };
  }
}
