import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser } from '@loadout/auth';
import { UnreadCountDto } from '../list-notifications/list-notifications.dto';
import { MarkReadHandler } from './mark-read.handler';

@ApiTags('notifications')
@ApiBearerAuth()
@Controller('api/v1/notifications')
export class MarkReadController {
  constructor(private readonly handler: MarkReadHandler) {}

  @Authenticated()
  @Post('read-all')
  @HttpCode(200)
  @ApiOperation({ summary: "Marks all the caller's notifications read" })
  @ApiOkResponse({ type: UnreadCountDto, description: 'The unread count afterwards (0)' })
  markAllRead(@CurrentUser() user: AuthUser): Promise<UnreadCountDto> {
    return this.handler.markAllRead(user.id);
  }

  @Authenticated()
  @Post(':id/read')
  @HttpCode(200)
  @ApiOperation({ summary: "Marks one of the caller's notifications read (404 for any other)" })
  @ApiOkResponse({ type: UnreadCountDto, description: 'The unread count afterwards' })
  markRead(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<UnreadCountDto> {
    return this.handler.markRead(user.id, id);
  }
}
