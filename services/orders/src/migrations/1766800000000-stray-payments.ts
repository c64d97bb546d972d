import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23 scenario 2: a job may name what it acts on (`ref`, e.g. the PaymentIntent to refund
 * or cancel) and carry its data (`payload`); a ledger entry may name the payment it books
 * (`ref`), so a stray payment (a success that is not the order's recorded one) is booked once.
 */
export class StrayPayments1766800000000 implements MigrationInterface {
  name = 'StrayPayments1766800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."jobs" ADD COLUMN "ref" varchar(120) NOT NULL DEFAULT ''`);
    await q.query(`ALTER TABLE "orders"."jobs" ADD COLUMN "payload" jsonb`);
    await q.query(`ALTER TABLE "orders"."jobs" DROP CONSTRAINT "jobs_once"`);
    await q.query(
      `ALTER TABLE "orders"."jobs" ADD CONSTRAINT "jobs_once" UNIQUE ("order_id", "kind", "day", "ref")`,
    );
    await q.query(`ALTER TABLE "orders"."ledger_entries" ADD COLUMN "ref" varchar(120)`);
    await q.query(`ALTER TABLE "orders"."ledger_entries" ALTER COLUMN "kind" TYPE varchar(24)`);
    await q.query(`
      CREATE UNIQUE INDEX "ledger_entries_once_per_ref"
        ON "orders"."ledger_entries" ("order_id", "kind", "ref") WHERE "ref" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "orders"."ledger_entries_once_per_ref"`);
    await q.query(`ALTER TABLE "orders"."ledger_entries" DROP COLUMN "ref"`);
    await q.query(`ALTER TABLE "orders"."ledger_entries" ALTER COLUMN "kind" TYPE varchar(12)`);
    await q.query(`ALTER TABLE "orders"."jobs" DROP CONSTRAINT "jobs_once"`);
    await q.query(`ALTER TABLE "orders"."jobs" DROP COLUMN "payload"`);
    await q.query(`ALTER TABLE "orders"."jobs" DROP COLUMN "ref"`);
    await q.query(
      `ALTER TABLE "orders"."jobs" ADD CONSTRAINT "jobs_once" UNIQUE ("order_id", "kind", "day")`,
    );
  }
}
