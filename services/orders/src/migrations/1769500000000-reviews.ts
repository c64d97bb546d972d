import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 24 (reviews): one review per side per completed order. A review is hidden until both
 * sides have reviewed or its window closes; the publisher claims due hidden rows with
 * `FOR UPDATE SKIP LOCKED` (reviews_due_idx), so the table is its own job queue.
 */
export class Reviews1769500000000 implements MigrationInterface {
  name = 'Reviews1769500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "orders"."reviews" (
        "id" varchar(21) PRIMARY KEY,
        "order_id" varchar(21) NOT NULL REFERENCES "orders"."orders" ("id"),
        "listing_id" varchar(36) NOT NULL,
        "listing_title" varchar(120) NOT NULL,
        "author_id" varchar(64) NOT NULL,
        "author_role" varchar(6) NOT NULL,
        "subject_id" varchar(64) NOT NULL,
        "subject_role" varchar(6) NOT NULL,
        "rating" smallint NOT NULL,
        "comment" varchar(1000),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "window_closes_at" timestamptz NOT NULL,
        "published_at" timestamptz,
        "reply_text" varchar(1000),
        "replied_at" timestamptz,
        CONSTRAINT "reviews_one_per_side" UNIQUE ("order_id", "author_role"),
        CONSTRAINT "reviews_roles" CHECK (
          "author_role" IN ('buyer', 'seller') AND "subject_role" IN ('buyer', 'seller')
          AND "author_role" <> "subject_role"),
        CONSTRAINT "reviews_rating" CHECK ("rating" BETWEEN 1 AND 5),
        CONSTRAINT "reviews_reply_of_seller" CHECK ("reply_text" IS NULL OR "subject_role" = 'seller')
      )`);
    await q.query(
      `CREATE INDEX "reviews_subject_published_idx" ON "orders"."reviews"
         ("subject_id", "created_at" DESC, "id" DESC) WHERE "published_at" IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX "reviews_due_idx" ON "orders"."reviews" ("window_closes_at")
         WHERE "published_at" IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "orders"."reviews"`);
  }
}
