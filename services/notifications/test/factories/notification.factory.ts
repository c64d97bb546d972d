import { type DataSource } from 'typeorm';
import { newId } from '@loadout/db';
import { type NotificationType } from '../../src/inbox/domain/notification-type';
import { NotificationEntity } from '../../src/inbox/persistence/notification.entity';

let n = 0;

/** Inserts a notification directly (other services' events will create them later). */
export async function insertNotification(
  ds: DataSource,
  userId: string,
  overrides: Partial<{
    type: NotificationType;
    title: string;
    message: string;
    navigateTo: string | null;
    createdAt: Date;
    readAt: Date | null;
  }> = {},
): Promise<NotificationEntity> {
  n += 1;
  const entity = Object.assign(new NotificationEntity(), {
    id: newId(),
    userId,
    type: 'other' as NotificationType,
    title: `Notification ${n}`,
    message: `Message ${n}`,
    navigateTo: null,
    readAt: null,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, n)),
    ...overrides,
  });
  return ds.getRepository(NotificationEntity).save(entity);
}
