import { Injectable } from '@nestjs/common';
import { type HiddenMessageDto } from '@loadout/contracts';
import { isId } from '@loadout/db';
import { notFoundError } from '@loadout/errors';
import { UnitOfWork } from '@loadout/service-kit';
import { ConversationEvents } from '../conversation-events';
import { ConversationRepository } from '../domain/conversation-repository.port';

const messageNotFound = () =>
  notFoundError('MESSAGING.MESSAGE_NOT_FOUND', 'No such message in this conversation.');

/**
 * A moderator hides a reported message (the admin service's decision): both participants see
 * a notice in its place; the admin service tells the sender why.
 */
@Injectable()
export class HideMessageHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly events: ConversationEvents,
  ) {}

  async hide(conversationId: string, messageId: string, reason: string): Promise<HiddenMessageDto> {
    if (!isId(conversationId) || !isId(messageId)) throw messageNotFound();
    const { participants, hidden } = await this.uow.transaction(async (tx) => {
      const conversation = await this.conversations.find(tx, conversationId);
      if (!conversation) throw messageNotFound();
      const message = await this.conversations.hideMessage(
        tx,
        conversationId,
        messageId,
        reason.trim(),
      );
      if (!message?.hiddenAt) throw messageNotFound();
      const hidden: HiddenMessageDto = {
        messageId,
        conversationId,
        senderId: message.senderId,
        hiddenAt: message.hiddenAt.toISOString(),
      };
      return { participants: conversation.participants, hidden };
    });
    this.events.pushConversationUpdated(participants, conversationId);
    return hidden;
  }
}
