import {
  type ConversationDto,
  type InternalUserProfile,
  type MessageDto,
  type MessageImageDto,
} from '@loadout/contracts';
import { type Conversation, type Message, type MessagePhoto } from './domain/conversation';

/** `people`: see `UserDirectory.profiles`; a missing entry gives a conversation without a name. */
export function toConversationDto(
  c: Conversation,
  viewerId: string,
  unreadCount: Record<string, number>,
  blocks: { blocked: boolean; blockedByMe: boolean },
  /** Names of the participants that identity knows (the other one is looked up here). */
  people: ReadonlyMap<string, InternalUserProfile>,
): ConversationDto {
  const otherUserId = c.participants.find((p) => p !== viewerId) ?? viewerId;
  const other = people.get(otherUserId);
  return {
    id: c.id,
    participants: [...c.participants],
    otherUserId,
    otherUser: {
      id: otherUserId,
      displayName: other?.displayName ?? null,
      avatarUrl: other?.avatarUrl ?? null,
    },
    listing: c.listingId
      ? {
          id: c.listingId,
          title: c.listingTitle ?? '',
          priceCents: c.listingPriceCents,
          thumbUrl: c.listingThumbUrl,
        }
      : null,
    lastMessage: c.lastMessage,
    lastMessageOffPlatform: c.lastMessage !== null && c.lastMessageOffPlatform,
    lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
    unreadCount: Object.fromEntries(c.participants.map((p) => [p, unreadCount[p] ?? 0])),
    blocked: blocks.blocked,
    blockedByMe: blocks.blockedByMe,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The photo's URLs are API paths: only the conversation's participants get the bytes. */
export function toMessageImageDto(image: MessagePhoto): MessageImageDto {
  const url = `/api/v1/conversations/${image.conversationId}/images/${image.id}`;
  return {
    id: image.id,
    url,
    thumbUrl: `${url}?size=thumb`,
    width: image.width,
    height: image.height,
  };
}

/** What a hidden message shows instead of its content and photos. */
export const HIDDEN_MESSAGE_TEXT = 'This message was removed by a moderator.';

export function toMessageDto(m: Message, images: readonly MessagePhoto[] = []): MessageDto {
  const hidden = m.hiddenAt !== null && m.hiddenAt !== undefined;
  return {
    id: m.id,
    conversationId: m.conversationId,
    senderId: m.senderId,
    receiverId: m.receiverId,
    content: hidden ? HIDDEN_MESSAGE_TEXT : m.content,
    isRead: m.isRead,
    offPlatformWarning: hidden ? false : m.offPlatformWarning,
    images: hidden ? [] : images.map(toMessageImageDto),
    hiddenByModerator: hidden,
    createdAt: m.createdAt.toISOString(),
  };
}
