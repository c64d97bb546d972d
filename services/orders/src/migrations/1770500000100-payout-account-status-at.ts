import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23 scenario 8: a payout account's status carries the time it was read from Stripe, so
 * an older snapshot (a webhook applied late, or by a second worker) never overwrites a newer
 * one.
 */
export class PayoutAccountStatusAt1770500000100 implements MigrationInterface {
  name = 'PayoutAccountStatusAt1770500000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."payout_accounts" ADD "status_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."payout_accounts" DROP COLUMN "status_at"`);
  }
}
