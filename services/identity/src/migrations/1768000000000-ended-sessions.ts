import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 22, item 6 (ADR 0019): sessions that ended before their access tokens expire. */
export class EndedSessions1768000000000 implements MigrationInterface {
  name = 'EndedSessions1768000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "identity"."ended_sessions" (
        "account_id" varchar(36) NOT NULL,
        "sid" varchar(64) NOT NULL,
        "ended_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        PRIMARY KEY ("account_id", "sid")
      )`);
    await q.query(
      `CREATE INDEX "ended_sessions_expires_idx" ON "identity"."ended_sessions" ("expires_at")`,
    );
    await q.query(`ALTER TABLE "identity"."users" ADD "sessions_not_before" timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "identity"."users" DROP COLUMN "sessions_not_before"`);
    await q.query(`DROP TABLE "identity"."ended_sessions"`);
  }
}
