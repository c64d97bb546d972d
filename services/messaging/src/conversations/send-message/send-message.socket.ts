import { Injectable, type OnModuleInit } from '@nestjs/common';
import { validateBody } from '@loadout/http';
import { RealtimeServer } from '../../realtime/realtime.server';
import { isPlainSendMessage, SendMessageDto } from './send-message.dto';
import { SendMessageHandler } from './send-message.handler';

/**
 * The send over an open socket (ADR 0059): what `SendMessageController` is to
 * `POST /api/v1/conversations/{id}/messages`. The frame's body is validated as that route's
 * body is (the same DTO and pipe), and the same handler sends it.
 */
@Injectable()
export class SendMessageSocket implements OnModuleInit {
  constructor(
    private readonly realtime: RealtimeServer,
    private readonly handler: SendMessageHandler,
  ) {}

  onModuleInit(): void {
    this.realtime.onSend(async (frame, actor) => {
      const body = await validateBody(SendMessageDto, frame.body, isPlainSendMessage);
      return this.handler.execute(frame.conversationId, body, actor);
    });
  }
}
