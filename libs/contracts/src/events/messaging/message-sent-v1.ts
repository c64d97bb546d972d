/**
 * `messaging.message.sent.v1`: a message was sent in a conversation. Carries ids and a short
 * single-line preview (at most 80 characters), never the full content.
 */
export interface MessageSentV1 {
  messageId: string;
  conversationId: string;
  senderId: string;
  receiverId: string;
  listingId: string | null;
  preview: string;
  /** The message pushes payment outside checkout (both parties see a warning). */
  offPlatformWarning: boolean;
  sentAt: string;
}
