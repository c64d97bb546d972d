import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23 scenario 8, `payout.failed` (ADR 0042): the last payout the processor could not make
 * to the seller's bank, shown on the payout account until a newer one replaces it.
 */
export class PayoutFailures1780000000200 implements MigrationInterface {
  name = 'PayoutFailures1780000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "orders"."payout_accounts"
        ADD "payout_failure_code" varchar(60),
        ADD "payout_failed_cents" integer,
        ADD "payout_failed_at" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "orders"."payout_accounts"
        DROP COLUMN "payout_failure_code",
        DROP COLUMN "payout_failed_cents",
        DROP COLUMN "payout_failed_at"`);
  }
}
