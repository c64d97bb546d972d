import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 26 phase 2 (ADR 0035): suspensions end (7 or 30 days) unless permanent. */
export class SuspensionEnd1770200000000 implements MigrationInterface {
  name = 'SuspensionEnd1770200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "identity"."users" ADD "suspended_until" timestamptz`);
    // The sweep looks for suspensions past their end date.
    await q.query(
      `CREATE INDEX "users_suspended_until_idx" ON "identity"."users" ("suspended_until")
        WHERE "suspended_until" IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "identity"."users_suspended_until_idx"`);
    await q.query(`ALTER TABLE "identity"."users" DROP COLUMN "suspended_until"`);
  }
}
