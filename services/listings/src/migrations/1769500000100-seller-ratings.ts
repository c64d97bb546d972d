import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 24: sellers' ratings, a read model of orders' `orders.review.published.v1`. Its own
 * table (not columns of `sellers`): a rating may arrive for a user who has no seller card yet,
 * and identity's events own the card.
 */
export class SellerRatings1769500000100 implements MigrationInterface {
  name = 'SellerRatings1769500000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "listings"."seller_ratings" (
        "seller_id" varchar(64) PRIMARY KEY,
        "rating_count" integer NOT NULL,
        "rating_sum" integer NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "seller_ratings_sane" CHECK (
          "rating_count" >= 0 AND "rating_sum" BETWEEN "rating_count" AND 5 * "rating_count")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "listings"."seller_ratings"`);
  }
}
