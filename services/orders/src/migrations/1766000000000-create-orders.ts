import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { createEventTables, dropEventTables } from '@loadout/events';

export class CreateOrders1766000000000 implements MigrationInterface {
  name = 'CreateOrders1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "orders"."orders" (
        "id" varchar(21) PRIMARY KEY,
        "listing_id" varchar(36) NOT NULL,
        "buyer_id" varchar(64) NOT NULL,
        "seller_id" varchar(64) NOT NULL,
        "status" varchar(24) NOT NULL,
        "delivery" varchar(12) NOT NULL,
        "item_cents" integer NOT NULL,
        "postage_cents" integer NOT NULL,
        "fee_cents" integer NOT NULL,
        "total_cents" integer NOT NULL,
        "seller_receives_cents" integer NOT NULL,
        "listing_title" varchar(120) NOT NULL,
        "listing_photo_url" varchar(500),
        "seller_display_name" varchar(120) NOT NULL,
        "seller_type" varchar(10) NOT NULL,
        "carrier" varchar(60),
        "tracking_number" varchar(60),
        "handed_over_in_person" boolean NOT NULL DEFAULT false,
        "cancel_reason" varchar(500),
        "payment_id" varchar(120),
        "charge_id" varchar(120),
        "last_payment_error_code" varchar(60),
        "last_payment_error_message" varchar(300),
        "refunded_cents" integer NOT NULL DEFAULT 0,
        "payment_attempts" integer NOT NULL DEFAULT 0,
        "pay_by" timestamptz,
        "ship_by" timestamptz,
        "auto_release_at" timestamptz,
        "paid_at" timestamptz,
        "shipped_at" timestamptz,
        "completed_at" timestamptz,
        "closed_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "orders_total_sums" CHECK ("total_cents" = "item_cents" + "postage_cents" + "fee_cents"),
        CONSTRAINT "orders_seller_sums" CHECK ("seller_receives_cents" = "item_cents" + "postage_cents")
      )`);
    // One listing, one open order: the database refuses a second even if listings did not.
    await q.query(`
      CREATE UNIQUE INDEX "orders_one_open_per_listing"
        ON "orders"."orders" ("listing_id")
        WHERE "status" IN ('pending_payment', 'paid', 'shipped', 'disputed')`);
    await q.query(
      `CREATE INDEX "orders_buyer_idx" ON "orders"."orders" ("buyer_id", "created_at" DESC, "id" DESC)`,
    );
    await q.query(
      `CREATE INDEX "orders_seller_idx" ON "orders"."orders" ("seller_id", "created_at" DESC, "id" DESC)`,
    );
    await q.query(`
      CREATE TABLE "orders"."order_timeline" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "order_id" varchar(21) NOT NULL,
        "status" varchar(24) NOT NULL,
        "actor" varchar(10) NOT NULL,
        "note" varchar(500),
        "at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX "order_timeline_order_idx" ON "orders"."order_timeline" ("order_id", "id")`,
    );
    // Double-entry ledger: an entry groups balanced postings; one payment and one release per order at most.
    await q.query(`
      CREATE TABLE "orders"."ledger_entries" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "order_id" varchar(21) NOT NULL REFERENCES "orders"."orders" ("id"),
        "kind" varchar(12) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNIQUE INDEX "ledger_entries_once_per_order"
        ON "orders"."ledger_entries" ("order_id", "kind") WHERE "kind" IN ('payment', 'release')`);
    await q.query(`
      CREATE TABLE "orders"."ledger_postings" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "entry_id" bigint NOT NULL REFERENCES "orders"."ledger_entries" ("id"),
        "order_id" varchar(21) NOT NULL,
        "account" varchar(20) NOT NULL,
        "amount_cents" bigint NOT NULL
      )`);
    await q.query(
      `CREATE INDEX "ledger_postings_order_idx" ON "orders"."ledger_postings" ("order_id")`,
    );
    await q.query(
      `CREATE INDEX "ledger_postings_account_idx" ON "orders"."ledger_postings" ("account")`,
    );
    // Deadlines and side effects (listing release, refund, transfer), claimed with SKIP LOCKED.
    await q.query(`
      CREATE TABLE "orders"."jobs" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "order_id" varchar(21) NOT NULL REFERENCES "orders"."orders" ("id"),
        "kind" varchar(24) NOT NULL,
        "day" smallint NOT NULL DEFAULT 0,
        "due_at" timestamptz NOT NULL,
        "done_at" timestamptz,
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" varchar(500),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "jobs_once" UNIQUE ("order_id", "kind", "day")
      )`);
    await q.query(
      `CREATE INDEX "jobs_due_idx" ON "orders"."jobs" ("due_at") WHERE "done_at" IS NULL`,
    );
    // Inbox of the processors' events (webhooks, simulated processor), once per event id.
    await q.query(`
      CREATE TABLE "orders"."payment_events" (
        "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        "provider" varchar(12) NOT NULL,
        "event_id" varchar(120) NOT NULL,
        "type" varchar(30) NOT NULL,
        "order_id" varchar(21),
        "event" jsonb NOT NULL,
        "available_at" timestamptz NOT NULL DEFAULT now(),
        "processed_at" timestamptz,
        "attempts" integer NOT NULL DEFAULT 0,
        "last_error" varchar(500),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "payment_events_once" UNIQUE ("provider", "event_id")
      )`);
    await q.query(`
      CREATE INDEX "payment_events_due_idx"
        ON "orders"."payment_events" ("available_at") WHERE "processed_at" IS NULL`);
    await q.query(`
      CREATE TABLE "orders"."payout_accounts" (
        "seller_id" varchar(64) PRIMARY KEY,
        "provider" varchar(12) NOT NULL,
        "account_id" varchar(120) NOT NULL,
        "status" varchar(12) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    // Idempotency-Key per user: the first response is kept and replayed for a repeat.
    await q.query(`
      CREATE TABLE "orders"."idempotency_keys" (
        "user_id" varchar(64) NOT NULL,
        "key" varchar(200) NOT NULL,
        "scope" varchar(200) NOT NULL,
        "status_code" smallint,
        "response" jsonb,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("user_id", "key")
      )`);
    await createEventTables(q, 'orders');
  }

  async down(q: QueryRunner): Promise<void> {
    await dropEventTables(q, 'orders');
    for (const t of [
      'idempotency_keys',
      'payout_accounts',
      'payment_events',
      'jobs',
      'ledger_postings',
      'ledger_entries',
      'order_timeline',
      'orders',
    ])
      await q.query(`DROP TABLE "orders"."${t}"`);
  }
}
