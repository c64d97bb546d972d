import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createEventTables, dropEventTables } from '@loadout/events';

export class CreateNotifications1765000000000 implements MigrationInterface {
  name = 'CreateNotifications1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "notifications"."notifications" (
        "id" varchar(21) PRIMARY KEY,
        "user_id" varchar(64) NOT NULL,
        "type" varchar(20) NOT NULL,
        "title" varchar(120) NOT NULL,
        "message" varchar(500) NOT NULL,
        "navigate_to" varchar(300),
        "read_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "notifications_type_check"
          CHECK ("type" IN ('shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'other'))
      )`);
    await q.query(
      `CREATE INDEX "notifications_user_created_idx" ON "notifications"."notifications" ("user_id", "created_at", "id")`,
    );
    await q.query(
      `CREATE INDEX "notifications_user_unread_idx" ON "notifications"."notifications" ("user_id") WHERE "read_at" IS NULL`,
    );

    await q.query(`
      CREATE TABLE "notifications"."email_log" (
        "id" varchar(21) PRIMARY KEY,
        "to" varchar(320),
        "template" varchar(40) NOT NULL,
        "event_id" uuid,
        "status" varchar(20) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "email_log_status_check" CHECK ("status" IN ('sent', 'failed', 'skipped'))
      )`);
    await q.query(
      `CREATE INDEX "email_log_event_id_idx" ON "notifications"."email_log" ("event_id")`,
    );
    await q.query(
      `CREATE INDEX "email_log_created_at_idx" ON "notifications"."email_log" ("created_at")`,
    );

    await q.query(`
      CREATE TABLE "notifications"."dev_mailbox" (
        "id" varchar(21) PRIMARY KEY,
        "to" varchar(320) NOT NULL,
        "subject" varchar(300) NOT NULL,
        "text" text NOT NULL,
        "html" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX "dev_mailbox_created_at_idx" ON "notifications"."dev_mailbox" ("created_at")`,
    );

    await q.query(`
      CREATE TABLE "notifications"."recipients" (
        "user_id" varchar(64) PRIMARY KEY,
        "email" varchar(320) NOT NULL,
        "display_name" varchar(120),
        "updated_at" timestamptz NOT NULL
      )`);

    await createEventTables(q, 'notifications');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q, 'notifications');
    await q.query(`DROP TABLE "notifications"."recipients"`);
    await q.query(`DROP TABLE "notifications"."dev_mailbox"`);
    await q.query(`DROP TABLE "notifications"."email_log"`);
    await q.query(`DROP TABLE "notifications"."notifications"`);
  }
}
