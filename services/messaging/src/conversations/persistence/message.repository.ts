import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type Message } from '../domain/conversation';
import { MessageEntity } from './message.entity';
import { type RunSql } from '@loadout/service-kit';

import { type MessagePosition } from '../domain/conversation-repository.port';

/**
 * The messages of conversations, for `TypeOrmConversationRepository` (messages belong to their
 * conversation): every method runs on the transaction's manager it is given.
 */
@Injectable()
export class MessageRepository {
  /**
   * Sends `message` in one statement (issue 28): the message row, the receiver's unread count
   * + 1, the conversation's last message, and the outbox row that `event` prepares (given its
   * first parameter number and the guard). All of it happens only if what the send was decided
   * on still holds when the statement runs (ADR 0058): the conversation exists, the sender is
   * one of its participants and there is no block between them; otherwise nothing is written
   * and `sent` is false. The conversation's last message is the newest one by `created_at`.
   * Returns the receiver's unread total over all conversations afterwards (for the badge).
   * One statement outside a transaction commits as one; inside the send transaction it runs
   * on the transaction's connection (`sql`, ADR 0052).
   */
  async send(
    sql: RunSql,
    message: Message,
    preview: string,
    event: (
      firstParam: number,
      when: string,
    ) => { insert: string; notify: string; params: unknown[] },
  ): Promise<{ sent: boolean; receiverUnreadTotal: number }> {
    const params: unknown[] = [
      message.id,
      message.conversationId,
      message.senderId,
      message.receiverId,
      message.content,
      message.offPlatformWarning,
      message.createdAt,
      preview,
    ];
    const guard = 'EXISTS (SELECT 1 FROM g)';
    const outbox = event(params.length + 1, guard);
    const rows = await sql<{ sent: boolean; total: string }>(
      `WITH g AS (
         SELECT 1 FROM "messaging"."conversations" gc
          WHERE gc."id" = $2 AND $3 = ANY (gc."participants") AND $4 = ANY (gc."participants")
            AND NOT EXISTS (SELECT 1 FROM "messaging"."blocks" b
                             WHERE b."blocker_id" = ANY (gc."participants")
                               AND b."blocked_id" = ANY (gc."participants"))),
       m AS (
         INSERT INTO "messaging"."messages"
           ("id", "conversation_id", "sender_id", "receiver_id", "content", "is_read",
            "off_platform_warning", "created_at")
         SELECT $1, $2, $3, $4, $5, false, $6, $7 FROM g),
       u AS (
         UPDATE "messaging"."conversation_participants" SET "unread_count" = "unread_count" + 1
          WHERE "conversation_id" = $2 AND "user_id" = $4 AND ${guard}
          RETURNING "unread_count"),
       c AS (
         UPDATE "messaging"."conversations"
            SET "last_message" = $8, "last_message_off_platform" = $6, "last_message_at" = $7,
                "updated_at" = now()
          WHERE "id" = $2 AND ${guard}
            AND ("last_message_at" IS NULL OR "last_message_at" <= $7)),
       o AS (${outbox.insert})
       SELECT ${outbox.notify} AS "notified", ${guard} AS "sent",
              coalesce((SELECT sum("unread_count") FROM "messaging"."conversation_participants"
                         WHERE "user_id" = $4 AND "conversation_id" <> $2), 0)
              + coalesce((SELECT "unread_count" FROM u), 0) AS "total"`,
      [...params, ...outbox.params],
    );
    return { sent: rows[0]?.sent === true, receiverUnreadTotal: Number(rows[0]?.total ?? 0) };
  }

  /** Oldest first (seed §7), `limit + 1` rows to tell whether another page exists. */
  page(
    manager: EntityManager,
    conversationId: string,
    after: MessagePosition | null,
    limit: number,
  ): Promise<MessageEntity[]> {
    const qb = manager
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
    manager: EntityManager,
    conversationId: string,
    messageId: string,
    reason: string,
  ): Promise<MessageEntity | null> {
    await manager
      .createQueryBuilder()
      .update(MessageEntity)
      .set({ hiddenAt: () => 'now()', hiddenReason: reason })
      .where('id = :messageId AND conversation_id = :conversationId AND hidden_at IS NULL', {
        messageId,
        conversationId,
      })
      .execute();
    return manager.findOneBy(MessageEntity, { id: messageId, conversationId });
  }

  /** The messages this user received in the conversation become read. */
  async markReadFor(tx: EntityManager, conversationId: string, receiverId: string): Promise<void> {
    await tx.update(MessageEntity, { conversationId, receiverId, isRead: false }, { isRead: true });
  }
}
