import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser } from '@loadout/auth';
import {
  ListNotificationsQueryDto,
  NotificationListDto,
  UnreadCountDto,
} from './list-notifications.dto';
import { ListNotificationsQuery } from './list-notifications.query';

@ApiTags('notifications')
@ApiBearerAuth()
@Controller('api/v1/notifications')
export class ListNotificationsController {
  constructor(private readonly query: ListNotificationsQuery) {}

  @Authenticated()
  @Get()
  @ApiOperation({ summary: "The caller's latest notifications, newest first, and unread count" })
  @ApiOkResponse({ type: NotificationListDto })
  list(
    @Query() query: ListNotificationsQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<NotificationListDto> {
    return this.query.list(user.id, query.limit);
  }

  @Authenticated()
  @Get('unread-count')
  @ApiOkResponse({ type: UnreadCountDto })
  unreadCount(@CurrentUser() user: AuthUser): Promise<UnreadCountDto> {
    return this.query.unreadCount(user.id);
  }
}
