import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * A user's own data in notifications (ADR 0039): what "Download my data" shows, and what goes
 * when the account is deleted.
 */
@Injectable()
export class NotificationsUserDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The user's notifications, email preferences, stored address and the emails sent to it. */
  async exportOf(id: string): Promise<Record<string, unknown>> {
    const m = this.dataSource.manager;
    const notifications = await m.query(
      `SELECT "id", "type", "title", "message", "navigate_to" AS "navigateTo",
              "read_at" AS "readAt", "created_at" AS "createdAt"
         FROM "notifications"."notifications" WHERE "user_id" = $1 ORDER BY "created_at", "id"`,
      [id],
    );
    const preferences = (await m.query(
      `SELECT "messages", "favourites", "updated_at" AS "updatedAt"
         FROM "notifications"."email_preferences" WHERE "user_id" = $1`,
      [id],
    )) as unknown[];
    const recipient = (await m.query(
      `SELECT "email", "display_name" AS "displayName", "public_name" AS "publicName",
              "updated_at" AS "updatedAt"
         FROM "notifications"."recipients" WHERE "user_id" = $1`,
      [id],
    )) as { email: string }[];
    const emails = recipient[0]
      ? await m.query(
          `SELECT "template", "status", "created_at" AS "sentAt" FROM "notifications"."email_log"
            WHERE lower("to") = lower($1) ORDER BY "created_at"`,
          [recipient[0].email],
        )
      : [];
    return {
      notifications,
      emailPreferences: preferences[0] ?? null,
      recipient: recipient[0] ?? null,
      emails,
    };
  }

  /**
   * The user's notifications, preferences and stored address go, so no email can reach them;
   * the email log keeps its rows without the address.
   */
  async erase(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(
      `UPDATE "notifications"."email_log" SET "to" = NULL
        WHERE "to" IS NOT NULL
          AND lower("to") = (SELECT lower("email") FROM "notifications"."recipients" WHERE "user_id" = $1)`,
      [userId],
    );
    await tx.query(`DELETE FROM "notifications"."notifications" WHERE "user_id" = $1`, [userId]);
    await tx.query(`DELETE FROM "notifications"."email_preferences" WHERE "user_id" = $1`, [
      userId,
    ]);
    await tx.query(`DELETE FROM "notifications"."recipients" WHERE "user_id" = $1`, [userId]);
  }
}
