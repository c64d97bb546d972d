import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, MoreThan, type EntityManager } from 'typeorm';
import { type ObjectErasures } from '@loadout/storage';
import { type MessagePhoto } from '../domain/conversation';
import { MessageImageEntity } from './message-image.entity';
import { MESSAGE_FILE_ERASURES } from './message-storage';
import { type RunSql } from './pg-unit-of-work';

/** Object keys of a conversation's photo: private, never under the public `images/` prefix. */
export const messageImageKeys = (conversationId: string, imageId: string) => ({
  large: `messages/${conversationId}/${imageId}.webp`,
  thumb: `messages/${conversationId}/${imageId}-thumb.webp`,
});

@Injectable()
export class MessageImageRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MESSAGE_FILE_ERASURES) private readonly fileErasures: ObjectErasures,
  ) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(MessageImageEntity);
  }

  async insert(image: MessageImageEntity): Promise<void> {
    await this.repo().insert(image);
  }

  findById(id: string): Promise<MessageImageEntity | null> {
    return this.repo().findOneBy({ id });
  }

  /** Photos this user uploaded since `since` and has not sent yet. */
  /** Every photo the user uploaded since `since`, sent or not: the daily budget (issue 22). */
  countUploadedSince(uploaderId: string, since: Date): Promise<number> {
    return this.repo().countBy({ uploaderId, createdAt: MoreThan(since) });
  }

  /**
   * Attaches the sender's unsent photos of this conversation to the message, in the order
   * given, and returns those attached (fewer than asked when one is not such a photo). Inside
   * the send transaction: the row locks stop a photo from joining two messages. No photos, no
   * query.
   */
  async attach(
    sql: RunSql,
    ids: readonly string[],
    message: { id: string; conversationId: string; senderId: string },
  ): Promise<MessagePhoto[]> {
    if (ids.length === 0) return [];
    // One statement for all of them (ADR 0052); the ids are distinct (`photoIdsOf`).
    const rows = await sql<MessagePhoto & { position: number }>(
      `UPDATE "messaging"."message_images" i
          SET "message_id" = $1, "position" = (p."ord" - 1)::smallint
         FROM unnest($2::varchar[]) WITH ORDINALITY AS p("id", "ord")
        WHERE i."id" = p."id" AND i."conversation_id" = $3 AND i."uploader_id" = $4
          AND i."message_id" IS NULL
        RETURNING i."id", i."conversation_id" AS "conversationId", i."width", i."height",
                  i."position"`,
      [message.id, ids, message.conversationId, message.senderId],
    );
    return rows
      .sort((a, b) => a.position - b.position)
      .map(({ id, conversationId, width, height }) => ({ id, conversationId, width, height }));
  }

  /**
   * Deletes up to `limit` unsent photos uploaded before `before`, queueing their files for
   * erasure in the same transaction (`ObjectErasures`: deleted after the commit, retried while
   * the store is down); returns how many. Rows another replica is deleting at the same time are
   * skipped, not waited for.
   */
  async deleteUnsentBefore(before: Date, limit: number): Promise<number> {
    return this.dataSource.transaction(async (tx) => {
      const [rows] = (await tx.query(
        `DELETE FROM "messaging"."message_images" WHERE "id" IN (
           SELECT "id" FROM "messaging"."message_images"
            WHERE "message_id" IS NULL AND "created_at" < $1
            ORDER BY "created_at" LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING "large_key", "thumb_key"`,
        [before, limit],
      )) as [{ large_key: string; thumb_key: string }[], number];
      await this.fileErasures.enqueue(
        tx,
        rows.flatMap((r) => [r.large_key, r.thumb_key]),
      );
      return rows.length;
    });
  }

  /** The photos of these messages, each message's in its order. */
  async forMessages(messageIds: readonly string[]): Promise<Map<string, MessageImageEntity[]>> {
    const byMessage = new Map<string, MessageImageEntity[]>();
    if (messageIds.length === 0) return byMessage;
    const rows = await this.repo().find({
      where: { messageId: In([...messageIds]) },
      order: { position: 'ASC' },
    });
    for (const row of rows) {
      const list = byMessage.get(row.messageId!) ?? [];
      list.push(row);
      byMessage.set(row.messageId!, list);
    }
    return byMessage;
  }
}
