import { Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type MessageDto } from '@loadout/contracts';
import { OutboxWriter } from '@loadout/events';
import { MESSAGING_SCHEMA } from '../messaging.config';
import { RealtimeBus } from '../realtime/realtime-bus';
import { previewOf } from './domain/message-content';
import { type ConversationEntity } from './persistence/conversation.entity';
import { type MessageEntity } from './persistence/message.entity';

export interface Actor {
  id: string;
  requestId?: string;
}

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

  async messageSent(
    tx: EntityManager,
    message: MessageEntity,
    conversation: ConversationEntity,
    actor: Actor,
    photoCount = 0,
  ): Promise<void> {
    await this.outbox.append(
      tx,
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
          preview: previewOf(message.content, photoCount),
          offPlatformWarning: message.offPlatformWarning,
          sentAt: message.createdAt.toISOString(),
        },
      },
      { actorId: actor.id, correlationId: actor.requestId },
    );
  }

  /** After commit: both participants see the message; the receiver's badge changes. */
  pushMessageCreated(message: MessageDto, receiverUnreadTotal: number): void {
    const both = [message.senderId, message.receiverId];
    this.push(both, { type: 'message.created', message });
    this.push(both, { type: 'conversation.updated', conversationId: message.conversationId });
    this.push([message.receiverId], { type: 'unread.changed', count: receiverUnreadTotal });
  }

  /** After commit: the reader's badge (on all their devices) follows. */
  pushUnreadChanged(userId: string, total: number, conversationId: string): void {
    this.push([userId], { type: 'unread.changed', count: total });
    this.push([userId], { type: 'conversation.updated', conversationId });
  }

  pushConversationUpdated(userIds: string[], conversationId: string): void {
    this.push(userIds, { type: 'conversation.updated', conversationId });
  }

  private push(userIds: string[], event: Parameters<RealtimeBus['publish']>[1]): void {
    // Never log message content: only the event type.
    this.realtime.publish(userIds, event).catch((err: unknown) => {
      this.log.warn(`real-time push of ${event.type} failed: ${String(err)}`);
    });
  }
}
