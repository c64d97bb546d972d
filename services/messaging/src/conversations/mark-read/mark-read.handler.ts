import { Injectable } from '@nestjs/common';
import { type UnreadCountResponse } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { ConversationEvents } from '../conversation-events';
import { assertConversationId, markRead } from '../domain/conversation';
import { ConversationRepository } from '../domain/conversation-repository.port';

/** Opening a conversation: the viewer's unread count becomes 0 and their messages read. */
@Injectable()
export class MarkReadHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly conversations: ConversationRepository,
    private readonly events: ConversationEvents,
  ) {}

  async execute(conversationId: string, userId: string): Promise<UnreadCountResponse> {
    assertConversationId(conversationId);
    const total = await this.uow.transaction(async (tx) => {
      const marker = markRead(await this.conversations.find(tx, conversationId), userId);
      await this.conversations.markRead(tx, marker);
      return this.conversations.totalUnread(tx, userId);
    });
    this.events.pushUnreadChanged(userId, total, conversationId);
    return { count: total };
  }
}
