import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 24 (disputes, ADR 0027): the order remembers the state a dispute froze and a card
 * chargeback's status; disputes and their threads.
 */
export class Disputes1766900000000 implements MigrationInterface {
  name = 'Disputes1766900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."orders" ADD "status_before_dispute" varchar(24)`);
    await q.query(`ALTER TABLE "orders"."orders" ADD "chargeback_status" varchar(12)`);
    await q.query(`
      CREATE TABLE "orders"."disputes" (
        "id" varchar(21) PRIMARY KEY,
        "order_id" varchar(21) NOT NULL REFERENCES "orders"."orders" ("id"),
        "buyer_id" varchar(64) NOT NULL,
        "seller_id" varchar(64) NOT NULL,
        "origin" varchar(12) NOT NULL,
        "status" varchar(20) NOT NULL,
        "reason" varchar(30) NOT NULL,
        "description" varchar(2000) NOT NULL,
        "wanted_kind" varchar(20) NOT NULL,
        "wanted_amount_cents" integer,
        "order_total_cents" integer NOT NULL,
        "response" jsonb,
        "outcome" jsonb,
        "respond_by" timestamptz,
        "processor_dispute_id" varchar(120),
        "opened_at" timestamptz NOT NULL,
        "resolved_at" timestamptz,
        "updated_at" timestamptz NOT NULL
      )`);
    // One active dispute per order and origin; a chargeback is recorded once per processor id.
    await q.query(`
      CREATE UNIQUE INDEX "disputes_one_active_per_order"
        ON "orders"."disputes" ("order_id", "origin") WHERE "status" IN ('open', 'responded', 'awaiting_return', 'return_shipped', 'escalated')`);
    await q.query(`
      CREATE UNIQUE INDEX "disputes_processor_once"
        ON "orders"."disputes" ("processor_dispute_id") WHERE "processor_dispute_id" IS NOT NULL`);
    await q.query(
      `CREATE INDEX "disputes_buyer_idx" ON "orders"."disputes" ("buyer_id", "opened_at" DESC)`,
    );
    await q.query(
      `CREATE INDEX "disputes_seller_idx" ON "orders"."disputes" ("seller_id", "opened_at" DESC)`,
    );
    await q.query(`
      CREATE TABLE "orders"."dispute_messages" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "dispute_id" varchar(21) NOT NULL REFERENCES "orders"."disputes" ("id"),
        "author_id" varchar(64) NOT NULL,
        "author_role" varchar(10) NOT NULL,
        "body" varchar(2000) NOT NULL,
        "at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX "dispute_messages_dispute_idx" ON "orders"."dispute_messages" ("dispute_id", "id")`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "orders"."dispute_messages"`);
    await q.query(`DROP TABLE "orders"."disputes"`);
    await q.query(`ALTER TABLE "orders"."orders" DROP COLUMN "chargeback_status"`);
    await q.query(`ALTER TABLE "orders"."orders" DROP COLUMN "status_before_dispute"`);
  }
}
