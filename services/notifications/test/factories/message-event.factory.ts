import { newId } from '@loadout/db';
import { type NewEvent } from '@loadout/events';

/** `messaging.message.sent.v1` from `senderId` to `receiverId` in `conversationId`. */
export function messageSent(
  conversationId: string,
  senderId: string,
  receiverId: string,
  preview = 'Is the Hi-Capa still available?',
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
      offPlatformWarning: false,
      sentAt: new Date().toISOString(),
    },
  };
}
