import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Parked payment events (issue 23, like the jobs of scenario 7): an inbox event that failed its
 * last attempt gets `parked_at` instead of looking processed, so admins can list, retry or
 * discard it and /metrics count it. Parked = `parked_at` set (`processed_at` null); processed =
 * `processed_at` set. Events given up before this migration ("gave up: …") become parked.
 */
export class ParkedPaymentEvents1770500000200 implements MigrationInterface {
  name = 'ParkedPaymentEvents1770500000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."payment_events" ADD "parked_at" timestamptz`);
    await q.query(`UPDATE "orders"."payment_events" SET "parked_at" = "processed_at",
                          "processed_at" = NULL
                    WHERE "last_error" LIKE 'gave up: %' AND "processed_at" IS NOT NULL`);
    await q.query(`CREATE INDEX "payment_events_parked_idx" ON "orders"."payment_events"
                     ("parked_at") WHERE "parked_at" IS NOT NULL`);
    await q.query(`DROP INDEX "orders"."payment_events_due_idx"`);
    await q.query(`CREATE INDEX "payment_events_due_idx" ON "orders"."payment_events"
                     ("available_at") WHERE "processed_at" IS NULL AND "parked_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "orders"."payment_events_due_idx"`);
    await q.query(`CREATE INDEX "payment_events_due_idx" ON "orders"."payment_events"
                     ("available_at") WHERE "processed_at" IS NULL`);
    await q.query(`DROP INDEX "orders"."payment_events_parked_idx"`);
    await q.query(`UPDATE "orders"."payment_events" SET "processed_at" = "parked_at"
                    WHERE "parked_at" IS NOT NULL`);
    await q.query(`ALTER TABLE "orders"."payment_events" DROP COLUMN "parked_at"`);
  }
}
