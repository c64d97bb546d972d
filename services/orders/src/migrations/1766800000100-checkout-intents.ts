import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23 scenario 1: checkout writes its intent (order id, listing) before it asks listings
 * to reserve. Listings' sweep asks orders about old reservations; an intent older than the
 * grace period without an order is consumed there (the reservation is released) and the
 * checkout that wrote it can no longer commit: one of the two wins, never both.
 */
export class CheckoutIntents1766800000100 implements MigrationInterface {
  name = 'CheckoutIntents1766800000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "orders"."checkout_intents" (
        "order_id" varchar(21) PRIMARY KEY,
        "listing_id" varchar(36) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "orders"."checkout_intents"`);
  }
}
