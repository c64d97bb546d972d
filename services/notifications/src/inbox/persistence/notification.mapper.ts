import { type NotificationDto } from '../list-notifications/list-notifications.dto';
import { type NotificationEntity } from './notification.entity';

export function toNotificationDto(e: NotificationEntity): NotificationDto {
  return {
    id: e.id,
    type: e.type,
    title: e.title,
    message: e.message,
    read: e.readAt !== null,
    created_at: e.createdAt.toISOString(),
    navigateTo: e.navigateTo,
    offPlatformWarning: e.offPlatformWarning,
  };
}
