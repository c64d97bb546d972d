import { Injectable } from '@nestjs/common';
import { ConversationAccess } from '../conversation-access';
import { ConversationEvents } from '../conversation-events';
import { otherParticipant } from '../domain/participants';
import { BlockRepository } from '../persistence/block.repository';

/**
 * Blocks (or unblocks) the other participant of a conversation: no new messages either way,
 * the history stays readable for both.
 */
@Injectable()
export class BlockUserHandler {
  constructor(
    private readonly access: ConversationAccess,
    private readonly blocks: BlockRepository,
    private readonly events: ConversationEvents,
  ) {}

  async block(conversationId: string, userId: string): Promise<void> {
    const conversation = await this.access.load(conversationId, userId);
    await this.blocks.block(userId, otherParticipant(conversation.participants, userId));
    this.events.pushConversationUpdated(conversation.participants, conversationId);
  }

  async unblock(conversationId: string, userId: string): Promise<void> {
    const conversation = await this.access.load(conversationId, userId);
    await this.blocks.unblock(userId, otherParticipant(conversation.participants, userId));
    this.events.pushConversationUpdated(conversation.participants, conversationId);
  }
}
