import { type Conversation, type Message } from '../domain/conversation';
import { type ConversationEntity } from './conversation.entity';
import { type MessageEntity } from './message.entity';

/** The domain conversation of a row (its unique keys stay in persistence). */
export function toConversation(e: ConversationEntity): Conversation {
  return {
    id: e.id,
    participants: e.participants,
    startedBy: e.startedBy,
    listingId: e.listingId,
    listingTitle: e.listingTitle,
    listingPriceCents: e.listingPriceCents,
    listingThumbUrl: e.listingThumbUrl,
    lastMessage: e.lastMessage,
    lastMessageOffPlatform: e.lastMessageOffPlatform,
    lastMessageAt: e.lastMessageAt,
    createdAt: e.createdAt,
    updatedAt: e.updatedAt,
  };
}

export function toMessage(e: MessageEntity): Message {
  return {
    id: e.id,
    conversationId: e.conversationId,
    senderId: e.senderId,
    receiverId: e.receiverId,
    content: e.content,
    isRead: e.isRead,
    offPlatformWarning: e.offPlatformWarning,
    createdAt: e.createdAt,
    hiddenAt: e.hiddenAt,
  };
}
