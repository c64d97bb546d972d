import { type MigrationInterface, type QueryRunner } from 'typeorm';

// After 1770000000000-offer-notifications ('offer').
const TYPES_BEFORE = `'shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'new_message', 'listing_favourited', 'dispute', 'offer', 'other'`;
const NEW_TYPES = `'delivery_reminder', 'order_cancelled', 'order_refunded'`;

/** Issue 23 scenario 12: reminders, cancellations, expiries and refunds have their own types. */
export class OrderMoneyNotifications1770100000000 implements MigrationInterface {
  name = 'OrderMoneyNotifications1770100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE "notifications"."notifications" DROP CONSTRAINT "notifications_type_check"`,
    );
    await q.query(`ALTER TABLE "notifications"."notifications"
      ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN ('shipped', 'delivered', 'payment_confirmed', 'new_purchase', 'new_message', 'listing_favourited', 'dispute', 'offer', 'delivery_reminder', 'order_cancelled', 'order_refunded', 'other'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM "notifications"."notifications" WHERE "type" IN (${NEW_TYPES})`);
    await q.query(
      `ALTER TABLE "notifications"."notifications" DROP CONSTRAINT "notifications_type_check"`,
    );
    await q.query(`ALTER TABLE "notifications"."notifications"
      ADD CONSTRAINT "notifications_type_check" CHECK ("type" IN (${TYPES_BEFORE}))`);
  }
}
