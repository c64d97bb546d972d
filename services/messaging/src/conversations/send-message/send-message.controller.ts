import { Body, Controller, Param, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, Authenticated, CurrentUser } from '@loadout/auth';
import { type MessageDto } from '@loadout/contracts';
import { SendMessageDto } from './send-message.dto';
import { SendMessageHandler } from './send-message.handler';

@ApiTags('conversations')
@ApiBearerAuth()
@Controller('api/v1/conversations')
export class SendMessageController {
  constructor(private readonly handler: SendMessageHandler) {}

  @Authenticated()
  @Post(':id/messages')
  send(
    @Param('id') id: string,
    @Body() body: SendMessageDto,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<MessageDto> {
    return this.handler.execute(id, body, { id: user.id, requestId: String(req.id) });
  }
}
