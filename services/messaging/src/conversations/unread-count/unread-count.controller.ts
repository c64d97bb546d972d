import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type UnreadCountResponse } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { ConversationRepository } from '../domain/conversation-repository.port';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class UnreadCountController {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly conversations: ConversationRepository,
  ) {}

  /** The header badge: unread messages over all the viewer's conversations. */
  @Authenticated()
  @Get('unread-count')
  async unreadCount(@CurrentUser() user: AuthUser): Promise<UnreadCountResponse> {
    return { count: await this.uow.read((tx) => this.conversations.totalUnread(tx, user.id)) };
  }
}
