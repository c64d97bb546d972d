import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser } from '@loadout/auth';
import { UnreadCountDto } from '../list-notifications/list-notifications.dto';
import { MarkSeenDto } from './mark-seen.dto';
import { MarkSeenHandler } from './mark-seen.handler';

@ApiTags('notifications')
@ApiBearerAuth()
@Controller('api/v1/notifications')
export class MarkSeenController {
  constructor(private readonly handler: MarkSeenHandler) {}

  @Authenticated()
  @Post('seen')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Marks read the notifications the opened bell showed (the caller’s only)',
  })
  @ApiOkResponse({ type: UnreadCountDto, description: 'The unread count afterwards' })
  markSeen(@Body() body: MarkSeenDto, @CurrentUser() user: AuthUser): Promise<UnreadCountDto> {
    return this.handler.markSeen(user.id, body.ids);
  }
}
