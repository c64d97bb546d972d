import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23 scenario 5: pay asks the processor with no transaction open. The attempt is written
 * first (`payment_attempts` + 1, `payment_started_at`), then the processor is called, then its
 * answer is recorded and `payment_started_at` cleared. While it is set (for at most two
 * minutes) a second pay answers `409 ORDERS.PAYMENT_IN_PROGRESS` instead of making a second
 * payment.
 */
export class PaymentCallInFlight1770500000000 implements MigrationInterface {
  name = 'PaymentCallInFlight1770500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."orders" ADD "payment_started_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."orders" DROP COLUMN "payment_started_at"`);
  }
}
