import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23 scenario 7: a job that exhausted its attempts is parked (`parked_at`), no longer
 * `done_at` like a finished one, so admins can see, retry or discard it and /metrics count it.
 * Open = neither set; done = `done_at` (finished, obsolete or discarded). Jobs given up before
 * this migration (`last_error` "gave up: …") become parked.
 */
export class ParkedJobs1770100000100 implements MigrationInterface {
  name = 'ParkedJobs1770100000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."jobs" ADD "parked_at" timestamptz`);
    await q.query(`UPDATE "orders"."jobs" SET "parked_at" = "done_at", "done_at" = NULL
                    WHERE "last_error" LIKE 'gave up: %' AND "done_at" IS NOT NULL`);
    await q.query(`DROP INDEX "orders"."jobs_due_idx"`);
    await q.query(`CREATE INDEX "jobs_due_idx" ON "orders"."jobs" ("due_at")
                    WHERE "done_at" IS NULL AND "parked_at" IS NULL`);
    await q.query(`CREATE INDEX "jobs_parked_idx" ON "orders"."jobs" ("parked_at")
                    WHERE "parked_at" IS NOT NULL AND "done_at" IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "orders"."jobs_parked_idx"`);
    await q.query(`DROP INDEX "orders"."jobs_due_idx"`);
    await q.query(`UPDATE "orders"."jobs" SET "done_at" = "parked_at"
                    WHERE "parked_at" IS NOT NULL AND "done_at" IS NULL`);
    await q.query(`ALTER TABLE "orders"."jobs" DROP COLUMN "parked_at"`);
    await q.query(
      `CREATE INDEX "jobs_due_idx" ON "orders"."jobs" ("due_at") WHERE "done_at" IS NULL`,
    );
  }
}
