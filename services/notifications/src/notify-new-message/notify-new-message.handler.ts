import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { BatchedNotificationRepository } from '../batched-notifications/batched-notification.repository';
import { RecipientRepository } from '../identity-events/persistence/recipient.repository';
import { conversationPath, newMessageNotice } from './new-message-notice';

/**
 * Tells the receiver of a message about it: one unread notification per conversation, updated
 * by later messages until it is read. Runs in the consumer's transaction (once per event id).
 */
@Injectable()
export class NotifyNewMessageHandler {
  constructor(
    private readonly batched: BatchedNotificationRepository,
    private readonly recipients: RecipientRepository,
  ) {}

  async handle(tx: EntityManager, event: EventOf<'messaging.message.sent.v1'>): Promise<void> {
    const p = event.payload;
    if (p.senderId === p.receiverId) return;
    const sender = await this.recipients.find(tx, p.senderId);
    await this.batched.upsertUnread(tx, {
      userId: p.receiverId,
      type: 'new_message',
      groupKey: `conversation:${p.conversationId}`,
      navigateTo: conversationPath(p.conversationId),
      render: (count) =>
        newMessageNotice({ senderName: sender?.displayName ?? null, preview: p.preview, count }),
    });
  }
}
