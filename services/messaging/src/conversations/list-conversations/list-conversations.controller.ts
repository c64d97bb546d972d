import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type ConversationListResponse } from '@loadout/contracts';
import { PageQueryDto } from './list-conversations.dto';
import { ListConversationsQuery } from './list-conversations.query';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class ListConversationsController {
  constructor(private readonly query: ListConversationsQuery) {}

  @Authenticated()
  @Get()
  list(@Query() q: PageQueryDto, @CurrentUser() user: AuthUser): Promise<ConversationListResponse> {
    return this.query.execute(user.id, { cursor: q.cursor, limit: q.limit ?? 30 });
  }
}
