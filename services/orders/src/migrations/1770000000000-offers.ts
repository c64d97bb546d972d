import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 24 (offers, ADR 0031): a buyer's offer on a listing and its steps (a small jsonb
 * thread). One running (open or countered) offer per buyer per listing (offers_one_active, the
 * backstop of the handler's check); the expirer claims running offers whose time is up with
 * `FOR UPDATE SKIP LOCKED` (offers_lapse_idx), so the table is its own job queue.
 */
export class Offers1770000000000 implements MigrationInterface {
  name = 'Offers1770000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "orders"."offers" (
        "id" varchar(21) PRIMARY KEY,
        "listing_id" varchar(36) NOT NULL,
        "listing_title" varchar(120) NOT NULL,
        "listing_photo_url" text,
        "buyer_id" varchar(64) NOT NULL,
        "seller_id" varchar(64) NOT NULL,
        "asking_cents" integer NOT NULL,
        "amount_cents" integer NOT NULL,
        "status" varchar(10) NOT NULL,
        "delivery" varchar(10) NOT NULL,
        "delivery_address" jsonb,
        "created_at" timestamptz NOT NULL,
        "updated_at" timestamptz NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "order_id" varchar(21) REFERENCES "orders"."orders" ("id"),
        "steps" jsonb NOT NULL,
        CONSTRAINT "offers_status" CHECK ("status" IN
          ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')),
        CONSTRAINT "offers_delivery" CHECK ("delivery" IN ('post', 'collection')),
        CONSTRAINT "offers_amounts" CHECK ("amount_cents" > 0 AND "asking_cents" > 0),
        CONSTRAINT "offers_parties" CHECK ("buyer_id" <> "seller_id"),
        CONSTRAINT "offers_order_when_accepted" CHECK (("status" = 'accepted') = ("order_id" IS NOT NULL))
      )`);
    await q.query(
      `CREATE UNIQUE INDEX "offers_one_active" ON "orders"."offers" ("listing_id", "buyer_id")
         WHERE "status" IN ('open', 'countered')`,
    );
    await q.query(
      `CREATE INDEX "offers_lapse_idx" ON "orders"."offers" ("expires_at")
         WHERE "status" IN ('open', 'countered')`,
    );
    await q.query(
      `CREATE INDEX "offers_buyer_idx" ON "orders"."offers" ("buyer_id", "updated_at" DESC)`,
    );
    await q.query(
      `CREATE INDEX "offers_seller_idx" ON "orders"."offers" ("seller_id", "updated_at" DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "orders"."offers"`);
  }
}
