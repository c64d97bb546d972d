import { Injectable, Logger } from '@nestjs/common';
import { type MessageDto } from '@loadout/contracts';
import { OutboxWriter, type PreparedOutboxRow } from '@loadout/events';
import { MESSAGING_SCHEMA } from '../messaging.config';
import { RealtimeBus, type RealtimeDelivery } from '../realtime/realtime-bus';
import { type MessageSent } from './domain/conversation';
import { type ConversationActor } from './domain/conversation-repository.port';

/**
 * Every event of this service: the durable one goes to the outbox inside the caller's
 * transaction; the real-time pushes go out after commit (a lost push is repaired by the
 * client's polling, a lost outbox row would not be).
 */
@Injectable()
export class ConversationEvents {
  private readonly log = new Logger('ConversationEvents');

  constructor(
    private readonly outbox: OutboxWriter,
    private readonly realtime: RealtimeBus,
  ) {}

  /**
   * The message.sent event as part of the send statement (`MessageRepository.send` writes it
   * with the message, under the statement's guard `when`), its parameters numbered from
   * `firstParam`.
   */
  messageSent(
    { message, conversation, preview }: MessageSent,
    actor: ConversationActor,
    firstParam: number,
    when: string,
  ): PreparedOutboxRow<'messaging.message.sent.v1'> {
    return this.outbox.prepare(
      MESSAGING_SCHEMA,
      {
        type: 'messaging.message.sent.v1',
        aggregateId: conversation.id,
        payload: {
          messageId: message.id,
          conversationId: conversation.id,
          senderId: message.senderId,
          receiverId: message.receiverId,
          listingId: conversation.listingId,
          preview,
          offPlatformWarning: message.offPlatformWarning,
          sentAt: message.createdAt.toISOString(),
        },
      },
      { actorId: actor.id, correlationId: actor.requestId },
      firstParam,
      when,
    );
  }

  /**
   * After commit: both participants see the message; the receiver's badge changes. One bus
   * message for the three events (one Redis PUBLISH, not three).
   */
  pushMessageCreated(message: MessageDto, receiverUnreadTotal: number): void {
    const both = [message.senderId, message.receiverId];
    this.pushAll([
      { userIds: both, event: { type: 'message.created', message } },
      {
        userIds: both,
        event: { type: 'conversation.updated', conversationId: message.conversationId },
      },
      {
        userIds: [message.receiverId],
        event: { type: 'unread.changed', count: receiverUnreadTotal },
      },
    ]);
  }

  /** After commit: the reader's badge (on all their devices) follows. */
  pushUnreadChanged(userId: string, total: number, conversationId: string): void {
    this.push([userId], { type: 'unread.changed', count: total });
    this.push([userId], { type: 'conversation.updated', conversationId });
  }

  pushConversationUpdated(userIds: string[], conversationId: string): void {
    this.push(userIds, { type: 'conversation.updated', conversationId });
  }

  private pushAll(deliveries: RealtimeDelivery[]): void {
    this.realtime.publishAll(deliveries).catch((err: unknown) => {
      this.log.warn(
        `real-time push of ${deliveries.map((d) => d.event.type).join(', ')} failed: ${String(err)}`,
      );
    });
  }

  private push(userIds: string[], event: Parameters<RealtimeBus['publish']>[1]): void {
    // Never log message content: only the event type.
    this.realtime.publish(userIds, event).catch((err: unknown) => {
      this.log.warn(`real-time push of ${event.type} failed: ${String(err)}`);
    });
  }
}
