import { Inject, Injectable } from '@nestjs/common';
import { type MessageDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { PgUnitOfWork, UnitOfWork } from '@loadout/service-kit';
import { ConversationEvents } from '../conversation-events';
import { toMessageDto } from '../conversation-view';
import {
  assertConversationId,
  assertPhotosAttached,
  draftMessage,
  sendMessage,
} from '../domain/conversation';
import {
  ConversationRepository,
  type ConversationActor,
} from '../domain/conversation-repository.port';

/**
 * Sends a message: in one transaction the message, the recipient's unread count + 1, the
 * conversation's lastMessage/lastMessageAt and the outbox event (seed §4), those four in one
 * statement, after the conversation's row lock (ADR 0022). Load → `sendMessage` → save, in a
 * unit of work on a raw pg client (BEGIN, the locked read, the CTE, COMMIT: ADR 0052).
 */
@Injectable()
export class SendMessageHandler {
  constructor(
    // The send's own unit of work: the kit's interface on a raw pooled pg client.
    @Inject(PgUnitOfWork) private readonly uow: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly events: ConversationEvents,
  ) {}

  async execute(
    conversationId: string,
    input: { content: unknown; imageIds?: unknown },
    actor: ConversationActor,
  ): Promise<MessageDto> {
    const draft = draftMessage(input);
    assertConversationId(conversationId);
    const { message, photos, receiverUnreadTotal } = await this.uow.transaction(async (tx) => {
      const conversation = await this.conversations.lock(tx, conversationId);
      const sent = sendMessage(conversation, actor.id, draft, newId(), new Date());
      const saved = await this.conversations.saveSent(tx, sent, actor);
      // Only the sender's unsent photos of this conversation; otherwise nothing is kept.
      assertPhotosAttached(sent, saved.photos);
      return { message: sent.message, ...saved };
    });
    const dto = toMessageDto(message, photos);
    this.events.pushMessageCreated(dto, receiverUnreadTotal);
    return dto;
  }
}
