import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { MessageEntity } from './message.entity';

/** Keyset position in a thread: (createdAt ISO, id) of the last message shown. */
export type MessagePosition = readonly [createdAt: string, id: string];

@Injectable()
export class MessageRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  insert(tx: EntityManager, message: MessageEntity): Promise<MessageEntity> {
    return tx.save(MessageEntity, message);
  }

  /** Oldest first (seed §7), `limit + 1` rows to tell whether another page exists. */
  page(conversationId: string, after: MessagePosition | null, limit: number) {
    const qb = this.dataSource
      .getRepository(MessageEntity)
      .createQueryBuilder('m')
      .where('m.conversation_id = :conversationId', { conversationId });
    if (after) {
      qb.andWhere('(m.created_at, m.id) > (:createdAt::timestamptz, :id)', {
        createdAt: after[0],
        id: after[1],
      });
    }
    return qb
      .orderBy('m.created_at', 'ASC')
      .addOrderBy('m.id', 'ASC')
      .limit(limit + 1)
      .getMany();
  }

  /**
   * Hides one message of the conversation (a moderator's decision); hiding it again keeps the
   * first time and reason. Null when the conversation has no such message.
   */
  async hide(
    conversationId: string,
    messageId: string,
    reason: string,
  ): Promise<MessageEntity | null> {
    await this.dataSource
      .createQueryBuilder()
      .update(MessageEntity)
      .set({ hiddenAt: () => 'now()', hiddenReason: reason })
      .where('id = :messageId AND conversation_id = :conversationId AND hidden_at IS NULL', {
        messageId,
        conversationId,
      })
      .execute();
    return this.dataSource.manager.findOneBy(MessageEntity, { id: messageId, conversationId });
  }

  /** The messages this user received in the conversation become read. */
  async markReadFor(tx: EntityManager, conversationId: string, receiverId: string): Promise<void> {
    await tx.update(MessageEntity, { conversationId, receiverId, isRead: false }, { isRead: true });
  }
}
