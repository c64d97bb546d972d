import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type MessageListResponse } from '@loadout/contracts';
import { PageQueryDto } from '../list-conversations/list-conversations.dto';
import { ReadMessagesQuery } from './read-messages.query';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class ReadMessagesController {
  constructor(private readonly query: ReadMessagesQuery) {}

  @Authenticated()
  @Get(':id/messages')
  read(
    @Param('id') id: string,
    @Query() q: PageQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<MessageListResponse> {
    return this.query.execute(id, user.id, { cursor: q.cursor, limit: q.limit ?? 50 });
  }
}
