import { Injectable } from '@nestjs/common';
import { type MessageDto } from '@loadout/contracts';
import { isId, newId } from '@loadout/db';
import { type Actor, ConversationEvents } from '../conversation-events';
import { blockedConversation, conversationNotFound } from '../domain/conversation.errors';
import { normaliseContent, previewOf } from '../domain/message-content';
import { photoIdsOf, photoNotFound } from '../domain/message-images';
import { checkOffPlatformPayment } from '../domain/off-platform-payment';
import { assertParticipant, isBlockedBetween, otherParticipant } from '../domain/participants';
import { toMessageDto } from '../persistence/conversation.mapper';
import { ConversationRepository } from '../persistence/conversation.repository';
import { MessageImageRepository } from '../persistence/message-image.repository';
import { MessageEntity } from '../persistence/message.entity';
import { MessageRepository } from '../persistence/message.repository';

/**
 * Sends a message: in one transaction the message, the recipient's unread count + 1, the
 * conversation's lastMessage/lastMessageAt and the outbox event (seed §4), those four in one
 * statement (MessageRepository.send).
 */
@Injectable()
export class SendMessageHandler {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly images: MessageImageRepository,
    private readonly events: ConversationEvents,
  ) {}

  async execute(
    conversationId: string,
    input: { content: unknown; imageIds?: unknown },
    actor: Actor,
  ): Promise<MessageDto> {
    const imageIds = photoIdsOf(input.imageIds);
    const content = normaliseContent(input.content, { withPhotos: imageIds.length > 0 });
    if (!isId(conversationId)) throw conversationNotFound();
    const { message, images, receiverUnreadTotal } = await this.conversations.transaction(
      async (tx) => {
        const conversation = await this.messages.lockForSend(tx, conversationId);
        assertParticipant(conversation, actor.id);
        const receiverId = otherParticipant(conversation.participants, actor.id);
        if (isBlockedBetween(conversation.blocks, actor.id, receiverId))
          throw blockedConversation();
        const message = Object.assign(new MessageEntity(), {
          id: newId(),
          conversationId,
          senderId: actor.id,
          receiverId,
          content,
          isRead: false,
          offPlatformWarning: checkOffPlatformPayment(content).flagged,
          createdAt: new Date(),
        });
        const { receiverUnreadTotal } = await this.messages.send(
          tx,
          message,
          previewOf(content, imageIds.length),
          (firstParam) =>
            this.events.messageSent(message, conversation, actor, imageIds.length, firstParam),
        );
        // Only the sender's unsent photos of this conversation; otherwise nothing is kept.
        const images = await this.images.attach(tx, imageIds, message);
        if (images.length !== imageIds.length) throw photoNotFound();
        return { message, images, receiverUnreadTotal };
      },
    );
    const dto = toMessageDto(message, images);
    this.events.pushMessageCreated(dto, receiverUnreadTotal);
    return dto;
  }
}
