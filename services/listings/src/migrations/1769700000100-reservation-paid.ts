import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 25 item 2: a reserved listing says whether its order was paid (from orders'
 * `orders.order.paid.v1`), so the page never claims a payment that did not happen.
 */
export class ReservationPaid1769700000100 implements MigrationInterface {
  name = 'ReservationPaid1769700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "listings"."listings" ADD COLUMN "reserved_paid_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "listings"."listings" DROP COLUMN "reserved_paid_at"`);
  }
}
