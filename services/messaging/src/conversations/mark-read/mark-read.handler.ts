import { Injectable } from '@nestjs/common';
import { type UnreadCountResponse } from '@loadout/contracts';
import { ConversationAccess } from '../conversation-access';
import { ConversationEvents } from '../conversation-events';
import { ConversationRepository } from '../persistence/conversation.repository';
import { MessageRepository } from '../persistence/message.repository';

/** Opening a conversation: the viewer's unread count becomes 0 and their messages read. */
@Injectable()
export class MarkReadHandler {
  constructor(
    private readonly access: ConversationAccess,
    private readonly conversations: ConversationRepository,
    private readonly messages: MessageRepository,
    private readonly events: ConversationEvents,
  ) {}

  async execute(conversationId: string, userId: string): Promise<UnreadCountResponse> {
    await this.access.load(conversationId, userId);
    await this.conversations.transaction(async (tx) => {
      await this.conversations.clearUnread(tx, conversationId, userId);
      await this.messages.markReadFor(tx, conversationId, userId);
    });
    const total = await this.conversations.totalUnread(userId);
    this.events.pushUnreadChanged(userId, total, conversationId);
    return { count: total };
  }
}
