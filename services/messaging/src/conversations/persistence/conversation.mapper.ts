import { type ConversationDto, type MessageDto } from '@loadout/contracts';
import { type ConversationEntity } from './conversation.entity';
import { type MessageEntity } from './message.entity';

export function toConversationDto(
  c: ConversationEntity,
  viewerId: string,
  unreadCount: Record<string, number>,
  blocks: { blocked: boolean; blockedByMe: boolean },
): ConversationDto {
  return {
    id: c.id,
    participants: [...c.participants],
    otherUserId: c.participants.find((p) => p !== viewerId) ?? viewerId,
    listing: c.listingId
      ? {
          id: c.listingId,
          title: c.listingTitle ?? '',
          priceCents: c.listingPriceCents,
          thumbUrl: c.listingThumbUrl,
        }
      : null,
    lastMessage: c.lastMessage,
    lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
    unreadCount: Object.fromEntries(c.participants.map((p) => [p, unreadCount[p] ?? 0])),
    blocked: blocks.blocked,
    blockedByMe: blocks.blockedByMe,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function toMessageDto(m: MessageEntity): MessageDto {
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: m.content,
    isRead: m.isRead,
    offPlatformWarning: m.offPlatformWarning,
    createdAt: m.createdAt.toISOString(),
  };
}
