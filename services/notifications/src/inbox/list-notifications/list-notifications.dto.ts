import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';
import {
  type ListNotificationsQuery,
  type NotificationDto as NotificationWire,
  type NotificationListResponse,
  type UnreadCountResponse,
} from '@loadout/contracts';
import { Omittable } from '@loadout/http';
import {
  DEFAULT_LIST_LIMIT,
  MAX_LIST_LIMIT,
  NOTIFICATION_TYPES,
  type NotificationType,
} from '../domain/notification-type';

export class ListNotificationsQueryDto implements ListNotificationsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_LIST_LIMIT, default: DEFAULT_LIST_LIMIT })
  @Omittable()
  @Type(() => Number)
  @IsInt({ message: 'Limit must be a whole number.' })
  @Min(1, { message: `Limit must be between 1 and ${MAX_LIST_LIMIT}.` })
  @Max(MAX_LIST_LIMIT, { message: `Limit must be between 1 and ${MAX_LIST_LIMIT}.` })
  limit?: number;
}

/** One notification as the shell's bell shows it (seed §3 field names). */
export class NotificationDto implements NotificationWire {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: NOTIFICATION_TYPES }) type!: NotificationType;
  @ApiProperty() title!: string;
  @ApiProperty() message!: string;
  @ApiProperty() read!: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, nullable: true, description: 'In-app path to open on click' })
  navigateTo!: string | null;
  @ApiProperty({ description: 'A message it stands for asks for payment outside Loadout' })
  offPlatformWarning!: boolean;
}

export class NotificationListDto implements NotificationListResponse {
  @ApiProperty({ type: [NotificationDto], description: 'Newest first' })
  items!: NotificationDto[];
  @ApiProperty() unreadCount!: number;
}

export class UnreadCountDto implements UnreadCountResponse {
  @ApiProperty() count!: number;
}
