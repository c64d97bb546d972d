import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23 scenario 6, the refund half (ADR 0042): a refund is booked `escrow_held →
 * refund_pending` when Loadout asks for it and `refund_pending → refunds` when the processor
 * confirms it; a failed one goes back to escrow and is retried. The order keeps what is
 * pending, what the processor confirmed, what failed and waits for its retry, and the failures.
 * Refunds booked before this change went straight to `refunds`: they count as confirmed.
 */
export class RefundsPostedWhenConfirmed1780000000000 implements MigrationInterface {
  name = 'RefundsPostedWhenConfirmed1780000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "orders"."orders"
        ADD "refund_pending_cents" integer NOT NULL DEFAULT 0,
        ADD "refund_confirmed_cents" integer NOT NULL DEFAULT 0,
        ADD "refund_due_cents" integer NOT NULL DEFAULT 0,
        ADD "refund_failures" integer NOT NULL DEFAULT 0,
        ADD "last_refund_error" varchar(300)`);
    await q.query(`UPDATE "orders"."orders" SET "refund_confirmed_cents" = "refunded_cents"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE "orders"."orders"
        DROP COLUMN "refund_pending_cents",
        DROP COLUMN "refund_confirmed_cents",
        DROP COLUMN "refund_due_cents",
        DROP COLUMN "refund_failures",
        DROP COLUMN "last_refund_error"`);
  }
}
