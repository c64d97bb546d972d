import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23, `payout.paid` (ADR 0049): when the last payout that reached the seller's bank was
 * reported. A newer one clears a shown payout failure; a failure older than it, delivered
 * late, is neither shown nor told.
 */
export class PayoutPaid1780400000100 implements MigrationInterface {
  name = 'PayoutPaid1780400000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."payout_accounts" ADD "payout_paid_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."payout_accounts" DROP COLUMN "payout_paid_at"`);
  }
}
