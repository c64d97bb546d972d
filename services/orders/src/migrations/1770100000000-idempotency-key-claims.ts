import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 23 scenario 9: a key answers only the same request (`request_hash`: SHA-256 of the
 * canonical JSON body; the route stays in `scope`), and a claim carries its own id and time so a
 * claim left "in progress" by a request that died can be retaken without the old request's end
 * touching the new one. Keys are kept 24 h (`created_at`, indexed for the purge).
 */
export class IdempotencyKeyClaims1770100000000 implements MigrationInterface {
  name = 'IdempotencyKeyClaims1770100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."idempotency_keys" ADD "request_hash" varchar(64)`);
    await q.query(
      `ALTER TABLE "orders"."idempotency_keys" ADD "claimed_at" timestamptz NOT NULL DEFAULT now()`,
    );
    await q.query(`ALTER TABLE "orders"."idempotency_keys" ADD "claim_id" varchar(36)`);
    await q.query(
      `CREATE INDEX "idempotency_keys_created_at_idx" ON "orders"."idempotency_keys" ("created_at")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX "orders"."idempotency_keys_created_at_idx"`);
    await q.query(`ALTER TABLE "orders"."idempotency_keys" DROP COLUMN "claim_id"`);
    await q.query(`ALTER TABLE "orders"."idempotency_keys" DROP COLUMN "claimed_at"`);
    await q.query(`ALTER TABLE "orders"."idempotency_keys" DROP COLUMN "request_hash"`);
  }
}
