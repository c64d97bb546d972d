import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 25 item 2: a reserved listing says whether its order was paid (from orders'
 * `orders.order.paid.v1`), so the page never claims a payment that did not happen. Listings
 * reserved before this column stay NULL (unknown: the page says what is true either way) until
 * their order's next event.
 */
export class ReservationPaid1769700000100 implements MigrationInterface {
  name = 'ReservationPaid1769700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "listings"."listings" ADD COLUMN "reservation_state" varchar(10)
        CONSTRAINT "listings_reservation_state_check" CHECK ("reservation_state" IN ('checkout', 'paid'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "listings"."listings" DROP COLUMN "reservation_state"`);
  }
}
