import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { BatchedNotificationRepository } from '../inbox/persistence/batched-notification.repository';
import { OptionalEmailSender } from '../email-preferences/optional-email.sender';
import { newMessageEmail } from '../emails/templates/engagement-emails';
import { RecipientRepository } from '../recipients/persistence/recipient.repository';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from '../notifications.config';
import { conversationPath, newMessageNotice } from './new-message-notice';

/**
 * Tells the receiver of a message about it: one unread notification per conversation, updated
 * by later messages until it is read, and one email per such batch (when the notification is
 * new and the receiver wants message emails). Runs in the consumer's transaction (once per
 * event id).
 */
@Injectable()
export class NotifyNewMessageHandler {
  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly batched: BatchedNotificationRepository,
    private readonly recipients: RecipientRepository,
    private readonly emails: OptionalEmailSender,
  ) {}

  async handle(tx: EntityManager, event: EventOf<'messaging.message.sent.v1'>): Promise<void> {
    const p = event.payload;
    if (p.senderId === p.receiverId) return;
    const sender = await this.recipients.find(tx, p.senderId);
    // The name the receiver sees beside the conversation, never the sender's full name.
    const senderName = sender?.publicName ?? null;
    const notice = await this.batched.upsertUnread(tx, {
      userId: p.receiverId,
      type: 'new_message',
      groupKey: `conversation:${p.conversationId}`,
      navigateTo: conversationPath(p.conversationId),
      offPlatformWarning: p.offPlatformWarning,
      render: (count) => newMessageNotice({ senderName, preview: p.preview, count }),
    });
    if (!notice.created) return;
    await this.emails.send(tx, {
      userId: p.receiverId,
      kind: 'messages',
      template: 'new_message',
      eventId: event.id,
      render: ({ displayName, unsubscribeUrl }) =>
        newMessageEmail({
          displayName,
          senderName,
          conversationUrl: `${this.config.PUBLIC_URL}${conversationPath(p.conversationId)}`,
          unsubscribeUrl,
        }),
    });
  }
}
