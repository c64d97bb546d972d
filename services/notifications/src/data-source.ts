import { DataSource } from 'typeorm';
import { serviceDataSourceOptions } from '@loadout/db';
import { EmailLogEntity } from './emails/email-log.entity';
import { RecipientEntity } from './identity-events/persistence/recipient.entity';
import { NotificationEntity } from './inbox/persistence/notification.entity';
import { DevMailboxMessageEntity } from './mail/dev-mailbox-message.entity';
import { notificationsMigrations } from './migrations';
import { NOTIFICATIONS_SCHEMA, type NotificationsConfig } from './notifications.config';

export const notificationsEntities = [
  NotificationEntity,
  EmailLogEntity,
  DevMailboxMessageEntity,
  RecipientEntity,
];

type DbConfig = Pick<NotificationsConfig, 'DATABASE_URL' | 'DB_POOL_SIZE'>;

export function notificationsDataSourceOptions(config: DbConfig) {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: NOTIFICATIONS_SCHEMA,
    entities: notificationsEntities,
    migrations: notificationsMigrations,
    poolSize: config.DB_POOL_SIZE,
    applicationName: 'notifications',
  });
}

export const createNotificationsDataSource = (config: DbConfig) =>
  new DataSource(notificationsDataSourceOptions(config));
