import { newId } from '@loadout/db';
import { type NewEvent } from '@loadout/events';

/** `messaging.message.sent.v1` from `senderId` to `receiverId` in `conversationId`. */
export function messageSent(
  conversationId: string,
  senderId: string,
  receiverId: string,
  preview = 'Is the Hi-Capa still available?',
  offPlatformWarning = false,
): NewEvent<'messaging.message.sent.v1'> {
  const messageId = newId();
  return {
    type: 'messaging.message.sent.v1',
    aggregateId: conversationId,
    payload: {
      messageId,
      conversationId,
      senderId,
      receiverId,
      listingId: null,
      preview,
      offPlatformWarning,
      sentAt: new Date().toISOString(),
    },
  };
}
