import { IMAGE_CONTENT_TYPES } from './images';

/** What a conversation shows about the listing it is about, copied when it started. */
export interface ConversationListingDto {
  id: string;
  title: string;
  priceCents: number | null;
  thumbUrl: string | null;
}

/**
 * The other participant as the viewer sees them: identity's public display name and avatar,
 * never an email. Both null when identity does not know them as an active account (deleted,
 * suspended) or could not be asked: show a neutral "Loadout member".
 */
export interface ConversationPersonDto {
  id: string;
  displayName: string | null;
  avatarUrl: string | null;
}

/** One conversation as a participant sees it (seed §3, plus listing context and blocks). */
export interface ConversationDto {
  id: string;
  participants: string[];
  /** The other participant (one-to-one). */
  otherUserId: string;
  /** Who `otherUserId` is: name and avatar for the list and the thread header (ADR 0032). */
  otherUser: ConversationPersonDto;
  listing: ConversationListingDto | null;
  /** Short preview of the last message, or null before the first one. */
  lastMessage: string | null;
  /** The last message asks for payment outside checkout: warn beside the preview too. */
  lastMessageOffPlatform: boolean;
  lastMessageAt: string | null;
  /** Unread messages per participant id. */
  unreadCount: Record<string, number>;
  /** The viewer blocked the other participant, or was blocked: no new messages either way. */
  blocked: boolean;
  blockedByMe: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ConversationListResponse {
  items: ConversationDto[];
  nextCursor: string | null;
}

/** `POST /api/v1/conversations`: with a listing the recipient is its seller. */
export interface StartConversationRequest {
  recipientId?: string;
  listingId?: string;
}

export interface MessageDto {
  id: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  isRead: boolean;
  /** The message pushes payment outside checkout: show the warning to both parties. */
  offPlatformWarning: boolean;
  /** Photos sent with the message (at most `MESSAGE_LIMITS.imagesPerMessage`), oldest first. */
  images: MessageImageDto[];
  /** A moderator hid it: `content` is a notice and `images` is empty. */
  hiddenByModerator: boolean;
  createdAt: string;
}

/** `POST /api/v1/conversations/{id}/messages/{messageId}/hide` (admins). */
export interface HideMessageRequest {
  reason: string;
}

/** The hidden message's sender, so the admin service can send the statement of reasons. */
export interface HiddenMessageDto {
  messageId: string;
  conversationId: string;
  senderId: string;
  hiddenAt: string;
}

/**
 * A photo in a conversation. Private to its two participants: `url` and `thumbUrl` are API
 * paths that need the caller's access token (fetch them as blobs), never public links.
 */
/** The two renditions of a message photo. */
export const PHOTO_SIZES = ['large', 'thumb'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** Query of `GET /api/v1/conversations/{id}/images/{imageId}`. */
export interface MessageImageQuery {
  size?: PhotoSize;
}

export interface MessageImageDto {
  id: string;
  /** At most 1200 px on the longest side, WebP without metadata. */
  url: string;
  /** At most 400 px on the longest side. */
  thumbUrl: string;
  width: number;
  height: number;
}

export const MESSAGE_LIMITS = {
  contentMaxLength: 2000,
  imagesPerMessage: 4,
  /** The upload's largest size; the web client shrinks photos to 2048 px before sending. */
  imageMaxBytes: 5 * 1024 * 1024,
  imageTypes: IMAGE_CONTENT_TYPES,
  /** Photos uploaded to messages per user and day, sent or not (each one costs a decode). */
  imagesPerDay: 40,
} as const;

/** The refusal of a fifth photo, on the server and in the composer. */
export const TOO_MANY_PHOTOS_MESSAGE = `A message can carry at most ${MESSAGE_LIMITS.imagesPerMessage} photos.`;

export interface MessageListResponse {
  items: MessageDto[];
  nextCursor: string | null;
}

export interface SendMessageRequest {
  /** May be empty when the message carries photos. */
  content: string;
  /** Photos uploaded to this conversation by the sender with `POST …/images`, not yet sent. */
  imageIds?: string[];
}

export interface UnreadCountResponse {
  count: number;
}

/** Pushed over the WebSocket at `/ws` after `{ type: 'auth', token }`. */
export type RealtimeEvent =
  | { type: 'message.created'; message: MessageDto }
  | { type: 'conversation.updated'; conversationId: string }
  | { type: 'unread.changed'; count: number }
  /** The notifications service added or updated one of the user's notifications: refetch. */
  | { type: 'notifications.changed' }
  /**
   * One of the user's orders (as buyer or seller) or its dispute changed: refetch it through the
   * orders API. Carries no personal data, only the id (ADR 0032).
   */
  | { type: 'orders.changed'; orderId: string };

/**
 * Redis pub/sub channel of the `/ws` fan-out: messages `{ userIds, event: RealtimeEvent }`.
 * Messaging publishes and delivers; notifications publishes `notifications.changed` and
 * `orders.changed` (to buyer and seller, from orders' events) on it.
 */
export const REALTIME_CHANNEL = 'loadout:messaging:realtime';

/**
 * A message sent over the open socket (ADR 0059): the same rules, texts and errors as
 * `POST /api/v1/conversations/{conversationId}/messages` with `SendMessageRequest`. `ref` is
 * the client's own name for this send (1–64 letters, digits, `-` or `_`), echoed in its answer:
 * `{ type: 'sent', ref, message }` or `{ type: 'error', ref, code, message, details?, status,
 * requestId }`.
 */
export interface RealtimeSendFrame extends SendMessageRequest {
  type: 'send';
  ref: string;
  conversationId: string;
}

/** Sent by the client over the WebSocket. */
export type RealtimeClientMessage =
  { type: 'auth'; token: string } | { type: 'ping' } | RealtimeSendFrame;

/** Sent by the server besides events. */
export type RealtimeServerMessage =
  | RealtimeEvent
  | { type: 'ready'; userId: string }
  | { type: 'pong' }
  | { type: 'sent'; ref: string; message: MessageDto }
  | {
      type: 'error';
      code: string;
      message: string;
      /** The send this error answers; absent for errors of the socket itself. */
      ref?: string;
      details?: unknown;
      /** With `ref`: the HTTP status the same error has on `POST …/messages`. */
      status?: number;
      /** With `ref`: the request id of the send (the logs and support's reference). */
      requestId?: string;
    };

export const OFF_PLATFORM_WARNING_TEXT =
  'This message asks for payment outside Loadout. Escrow only protects payments made through checkout.';
