import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type ObjectErasures } from '@loadout/storage';
import { MESSAGE_FILE_ERASURES } from './message-storage';

/**
 * A user's own data in messaging (ADR 0039): what "Download my data" shows, and what goes when
 * the account is deleted.
 */
@Injectable()
export class MessagingUserDataRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(MESSAGE_FILE_ERASURES) private readonly fileErasures: ObjectErasures,
  ) {}

  /**
   * Every conversation of the user with its messages (sent and received, `mine` telling which;
   * a hidden one says so and why), and the users they blocked.
   */
  async exportOf(userId: string): Promise<Record<string, unknown>> {
    const m = this.dataSource.manager;
    const conversations = await m.query(
      `SELECT c."id", c."listing_id" AS "listingId", c."listing_title" AS "listingTitle",
              c."created_at" AS "createdAt",
              COALESCE((SELECT json_agg(json_build_object(
                          'id', msg."id", 'mine', msg."sender_id" = $1, 'content', msg."content",
                          'isRead', msg."is_read", 'hiddenReason', msg."hidden_reason",
                          'offPlatformWarning', msg."off_platform_warning",
                          'createdAt', msg."created_at") ORDER BY msg."created_at", msg."id")
                          FROM "messaging"."messages" msg WHERE msg."conversation_id" = c."id"), '[]')
                AS "messages"
         FROM "messaging"."conversations" c WHERE $1 = ANY(c."participants")
        ORDER BY c."created_at", c."id"`,
      [userId],
    );
    const blocked = await m.query(
      `SELECT "blocked_id" AS "userId", "created_at" AS "createdAt"
         FROM "messaging"."blocks" WHERE "blocker_id" = $1 ORDER BY "created_at"`,
      [userId],
    );
    return { conversations, blocked };
  }

  /**
   * The blocks the user made and their photo uploads never sent in a message: the rows now,
   * the stored files queued in the same transaction and erased once it commits. Photos sent in
   * a message stay with the message, for the other party (ADR 0039).
   */
  async erase(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`DELETE FROM "messaging"."blocks" WHERE "blocker_id" = $1`, [userId]);
    const [unsent] = (await tx.query(
      `DELETE FROM "messaging"."message_images" WHERE "uploader_id" = $1 AND "message_id" IS NULL
       RETURNING "large_key", "thumb_key"`,
      [userId],
    )) as [{ large_key: string; thumb_key: string }[], number];
    await this.fileErasures.enqueue(
      tx,
      unsent.flatMap((r) => [r.large_key, r.thumb_key]),
    );
  }
}
