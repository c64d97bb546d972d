import { Body, Controller, Post, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type ConversationDto } from '@loadout/contracts';
import { StartConversationDto } from './start-conversation.dto';
import { StartConversationHandler } from './start-conversation.handler';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class StartConversationController {
  constructor(private readonly handler: StartConversationHandler) {}

  /** 201 when a conversation was created, 200 when an existing one is reused. */
  @Authenticated()
  @Post()
  async start(
    @Body() body: StartConversationDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ConversationDto> {
    const { conversation, created } = await this.handler.execute(body, user.id);
    reply.status(created ? 201 : 200);
    return conversation;
  }
}
