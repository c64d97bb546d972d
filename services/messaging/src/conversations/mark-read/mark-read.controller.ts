import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type UnreadCountResponse } from '@loadout/contracts';
import { MarkReadHandler } from './mark-read.handler';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class MarkReadController {
  constructor(private readonly handler: MarkReadHandler) {}

  /** Answers the viewer's new unread total (for the header badge). */
  @Authenticated()
  @Post(':id/read')
  @HttpCode(200)
  markRead(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<UnreadCountResponse> {
    return this.handler.execute(id, user.id);
  }
}
