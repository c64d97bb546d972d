import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * New-message and listing-favourited notifications. `group_key` batches: at most one unread
 * notification per (user, group), later events update it (`batch_count` + 1). The throttle
 * table remembers "already told today" keys (one favourite notice per listing per day).
 */
export class BatchedNotifications1766000000000 implements MigrationInterface {
  name = 'BatchedNotifications1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "notifications"."notifications" DROP CONSTRAINT "notifications_type_check"`,
    );
    await q.query(`ALTER TABLE "notifications"."notifications"
      ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN ('shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'new_message', 'listing_favourited', 'other'))`);
    await q.query(
      `ALTER TABLE "notifications"."notifications" ADD COLUMN "group_key" varchar(120)`,
    );
    await q.query(
      `ALTER TABLE "notifications"."notifications" ADD COLUMN "batch_count" integer NOT NULL DEFAULT 1`,
    );
    await q.query(
      `CREATE UNIQUE INDEX "notifications_unread_group_uq" ON "notifications"."notifications" ("user_id", "group_key") WHERE "read_at" IS NULL AND "group_key" IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE "notifications"."notification_throttle" (
        "key" varchar(160) PRIMARY KEY,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "notifications"."notification_throttle"`);
    await q.query(`DROP INDEX "notifications"."notifications_unread_group_uq"`);
    await q.query(`ALTER TABLE "notifications"."notifications" DROP COLUMN "batch_count"`);
    await q.query(`ALTER TABLE "notifications"."notifications" DROP COLUMN "group_key"`);
    await q.query(`DELETE FROM "notifications"."notifications"
      WHERE "type" IN ('new_message', 'listing_favourited')`);
    await q.query(
      `ALTER TABLE "notifications"."notifications" DROP CONSTRAINT "notifications_type_check"`,
    );
    await q.query(`ALTER TABLE "notifications"."notifications"
      ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN ('shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'other'))`);
  }
}
