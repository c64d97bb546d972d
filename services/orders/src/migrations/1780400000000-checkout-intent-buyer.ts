import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23, ADR 0049: a checkout intent knows its buyer, so the buyer's retry after a lost
 * reserve answer (or an orders crash) finds its own open intent and reuses its order id
 * (listings' reserve is idempotent for it). Intents written before have no buyer and are
 * never reused; listings' sweep settles them as before.
 */
export class CheckoutIntentBuyer1780400000000 implements MigrationInterface {
  name = 'CheckoutIntentBuyer1780400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."checkout_intents" ADD "buyer_id" varchar(64)`);
    await q.query(
      `CREATE INDEX "checkout_intents_listing_buyer_idx"
         ON "orders"."checkout_intents" ("listing_id", "buyer_id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "orders"."checkout_intents_listing_buyer_idx"`);
    await q.query(`ALTER TABLE "orders"."checkout_intents" DROP COLUMN "buyer_id"`);
  }
}
