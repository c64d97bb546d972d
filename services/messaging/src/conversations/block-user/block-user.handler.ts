import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { ConversationEvents } from '../conversation-events';
import { assertConversationId, blockOther } from '../domain/conversation';
import { ConversationRepository } from '../domain/conversation-repository.port';

/**
 * Blocks (or unblocks) the other participant of a conversation: no new messages either way,
 * the history stays readable for both.
 */
@Injectable()
export class BlockUserHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly events: ConversationEvents,
  ) {}

  block(conversationId: string, userId: string): Promise<void> {
    return this.change(conversationId, userId, 'block');
  }

  unblock(conversationId: string, userId: string): Promise<void> {
    return this.change(conversationId, userId, 'unblock');
  }

  private async change(
    conversationId: string,
    userId: string,
    step: 'block' | 'unblock',
  ): Promise<void> {
    assertConversationId(conversationId);
    const block = await this.uow.transaction(async (tx) => {
      const b = blockOther(await this.conversations.find(tx, conversationId), userId);
      await this.conversations[step](tx, b);
      return b;
    });
    this.events.pushConversationUpdated([block.blockerId, block.blockedId], conversationId);
  }
}
