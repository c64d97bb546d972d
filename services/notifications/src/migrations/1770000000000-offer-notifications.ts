import { type MigrationInterface, type QueryRunner } from 'typeorm';

const TYPES_BEFORE = `'shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'new_message', 'listing_favourited', 'dispute', 'other'`;

/** Issue 24: notifications of offers (`orders.offer.*`) have their own type. */
export class OfferNotifications1770000000000 implements MigrationInterface {
  name = 'OfferNotifications1770000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "notifications"."notifications" DROP CONSTRAINT "notifications_type_check"`,
    );
    await q.query(`ALTER TABLE "notifications"."notifications"
      ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN ('shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'new_message', 'listing_favourited', 'dispute', 'offer', 'other'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "notifications"."notifications" WHERE "type" = 'offer'`);
    await q.query(
      `ALTER TABLE "notifications"."notifications" DROP CONSTRAINT "notifications_type_check"`,
    );
    await q.query(`ALTER TABLE "notifications"."notifications"
      ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN (${TYPES_BEFORE}))`);
  }
}
