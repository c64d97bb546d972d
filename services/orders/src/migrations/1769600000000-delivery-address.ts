import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 25 item 1 (ADR 0029): a post order keeps the buyer's address as given at checkout; a
 * collection order keeps the listing's county. Older orders have neither (null).
 */
export class DeliveryAddress1769600000000 implements MigrationInterface {
  name = 'DeliveryAddress1769600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."orders" ADD "delivery_address" jsonb`);
    await q.query(`ALTER TABLE "orders"."orders" ADD "collection_county" varchar(20)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."orders" DROP COLUMN "collection_county"`);
    await q.query(`ALTER TABLE "orders"."orders" DROP COLUMN "delivery_address"`);
  }
}
