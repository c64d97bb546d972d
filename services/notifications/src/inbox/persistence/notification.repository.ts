import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull, type EntityManager } from 'typeorm';
import { newId } from '@loadout/db';
import { type NotificationType } from '../domain/notification-type';
import { signalNotificationsChanged } from '../../realtime-push/notification-signal';
import { NotificationEntity } from './notification.entity';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  navigateTo?: string | null;
}

/** Every query is scoped by user id: a user only ever reaches their own notifications. */
@Injectable()
export class NotificationRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Through `manager` so an event consumer writes it in the transaction holding its inbox row. */
  async create(manager: EntityManager, input: NewNotification): Promise<NotificationEntity> {
    const entity = Object.assign(new NotificationEntity(), {
      id: newId(),
      userId: input.userId,
      type: input.type,
      title: input.title,
      message: input.message,
      navigateTo: input.navigateTo ?? null,
      offPlatformWarning: false,
      readAt: null,
    });
    const saved = await manager.save(entity);
    // Pushed to the user's sockets once the transaction commits.
    await signalNotificationsChanged(manager, input.userId);
    return saved;
  }

  latest(userId: string, limit: number): Promise<NotificationEntity[]> {
    return this.dataSource.getRepository(NotificationEntity).find({
      where: { userId },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
  }

  unreadCount(userId: string): Promise<number> {
    return this.dataSource.getRepository(NotificationEntity).countBy({ userId, readAt: IsNull() });
  }

  /** False when the user has no notification with this id. Reading twice keeps the first time. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const repo = this.dataSource.getRepository(NotificationEntity);
    if (!(await repo.existsBy({ id, userId }))) return false;
    await repo.update({ id, userId, readAt: IsNull() }, { readAt: () => 'now()' });
    return true;
  }

  /** The caller's own among `ids` that are unread; the user's other tabs are told (pushed). */
  async markManyRead(userId: string, ids: string[]): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const result = await tx
        .getRepository(NotificationEntity)
        .update({ userId, id: In(ids), readAt: IsNull() }, { readAt: () => 'now()' });
      if (result.affected) await signalNotificationsChanged(tx, userId);
    });
  }

  async markAllRead(userId: string): Promise<void> {
    await this.dataSource
      .getRepository(NotificationEntity)
      .update({ userId, readAt: IsNull() }, { readAt: () => 'now()' });
  }
}
