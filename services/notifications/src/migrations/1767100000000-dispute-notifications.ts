import { type MigrationInterface, type QueryRunner } from 'typeorm';

const TYPES_BEFORE = `'shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'new_message', 'listing_favourited', 'other'`;

/** Issue 24: notifications of disputes (`orders.dispute.*`) have their own type. */
export class DisputeNotifications1767100000000 implements MigrationInterface {
  name = 'DisputeNotifications1767100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "notifications"."notifications" DROP CONSTRAINT "notifications_type_check"`,
    );
    await q.query(`ALTER TABLE "notifications"."notifications"
      ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN ('shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'new_message', 'listing_favourited', 'dispute', 'other'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "notifications"."notifications" WHERE "type" = 'dispute'`);
    await q.query(
      `ALTER TABLE "notifications"."notifications" DROP CONSTRAINT "notifications_type_check"`,
    );
    await q.query(`ALTER TABLE "notifications"."notifications"
      ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN (${TYPES_BEFORE}))`);
  }
}
