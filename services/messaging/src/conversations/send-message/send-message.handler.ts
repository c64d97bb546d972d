import { Inject, Injectable } from '@nestjs/common';
import { type MessageDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { PgUnitOfWork, type Tx, UnitOfWork } from '@loadout/service-kit';
import { ConversationEvents } from '../conversation-events';
import { toMessageDto } from '../conversation-view';
import {
  assertConversationId,
  assertPhotosAttached,
  draftMessage,
  type MessageDraft,
  sendMessage,
} from '../domain/conversation';
import { conversationChanged } from '../domain/conversation.errors';
import {
  ConversationRepository,
  type ConversationActor,
} from '../domain/conversation-repository.port';

/**
 * Sends a message: the message, the recipient's unread count + 1, the conversation's
 * lastMessage/lastMessageAt and the outbox event (seed §4), written together by one guarded
 * statement (ADR 0058). Load → `sendMessage` → save, on a raw pg client (ADR 0052):
 * - a text message: the read and the guarded write, two statements and no transaction. The
 *   write holds only if what `sendMessage` decided on still does (the conversation, its
 *   participants, no block between them); if a block came in between, nothing is written
 *   and the send is decided again under the row lock, where the block refuses it;
 * - with photos, or decided again: `BEGIN`, the locked read, the write (and the photos'
 *   attach, which can still refuse the send), `COMMIT`.
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
    const optimistic =
      draft.photoIds.length === 0
        ? await this.uow.read((tx) => this.attempt(tx, conversationId, draft, actor, false))
        : null;
    const saved =
      optimistic ??
      (await this.uow.transaction(async (tx) => {
        const locked =
          (await this.attempt(tx, conversationId, draft, actor, true)) ??
          // A block inserted between the locked read and the write: decided again, refused.
          (await this.attempt(tx, conversationId, draft, actor, true));
        if (!locked) throw conversationChanged();
        return locked;
      }));
    const dto = toMessageDto(saved.message, saved.photos);
    this.events.pushMessageCreated(dto, saved.receiverUnreadTotal);
    return dto;
  }

  /** Reads (or locks) the conversation, decides, writes; null when the write's guard failed. */
  private async attempt(
    tx: Tx,
    conversationId: string,
    draft: MessageDraft,
    actor: ConversationActor,
    lock: boolean,
  ) {
    const conversation = lock
      ? await this.conversations.lock(tx, conversationId)
      : await this.conversations.find(tx, conversationId);
    const sent = sendMessage(conversation, actor.id, draft, newId(), new Date());
    const saved = await this.conversations.saveSent(tx, sent, actor);
    if (!saved) return null;
    // Only the sender's unsent photos of this conversation; otherwise nothing is kept.
    assertPhotosAttached(sent, saved.photos);
    return { message: sent.message, ...saved };
  }
}
