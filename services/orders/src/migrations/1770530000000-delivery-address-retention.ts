import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 25 item 1 / issue 26 (ADR 0039): a post order's delivery address is erased 90 days
 * after the order is final, and at once when the buyer deletes their account. What stays is
 * when it was erased and the county (`delivery_area`); the amounts and dates are untouched.
 */
export class DeliveryAddressRetention1770530000000 implements MigrationInterface {
  name = 'DeliveryAddressRetention1770530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."orders" ADD "delivery_address_erased_at" timestamptz`);
    await q.query(`ALTER TABLE "orders"."orders" ADD "delivery_area" varchar(20)`);
    // The sweep reads final orders that still hold an address, oldest final moment first.
    await q.query(`
      CREATE INDEX "orders_address_retention_idx"
        ON "orders"."orders" ((COALESCE("closed_at", "completed_at")))
        WHERE "delivery_address" IS NOT NULL
          AND "status" IN ('completed', 'cancelled', 'refunded', 'expired')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "orders"."orders_address_retention_idx"`);
    await q.query(`ALTER TABLE "orders"."orders" DROP COLUMN "delivery_area"`);
    await q.query(`ALTER TABLE "orders"."orders" DROP COLUMN "delivery_address_erased_at"`);
  }
}
