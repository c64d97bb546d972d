import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type UnreadCountResponse } from '@loadout/contracts';
import { ConversationRepository } from '../persistence/conversation.repository';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class UnreadCountController {
  constructor(private readonly conversations: ConversationRepository) {}

  /** The header badge: unread messages over all the viewer's conversations. */
  @Authenticated()
  @Get('unread-count')
  async unreadCount(@CurrentUser() user: AuthUser): Promise<UnreadCountResponse> {
    return { count: await this.conversations.totalUnread(user.id) };
  }
}
