import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Issue 26 phase 2 (ADR 0035): a suspended seller's active listings are `hidden`, not removed. */
export class HiddenListings1770200000000 implements MigrationInterface {
  name = 'HiddenListings1770200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "listings"."listings" DROP CONSTRAINT "listings_status_check"`);
    await q.query(`
      ALTER TABLE "listings"."listings" ADD CONSTRAINT "listings_status_check"
        CHECK ("status" IN ('draft', 'active', 'reserved', 'sold', 'removed', 'hidden'))`);
    // Who is suspended now: a reservation released meanwhile goes back to hidden.
    await q.query(`
      CREATE TABLE "listings"."suspended_sellers" (
        "seller_id" varchar(36) NOT NULL,
        "suspended_at" timestamptz NOT NULL,
        CONSTRAINT "PK_suspended_sellers" PRIMARY KEY ("seller_id")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "listings"."suspended_sellers"`);
    await q.query(`UPDATE "listings"."listings" SET "status" = 'active' WHERE "status" = 'hidden'`);
    await q.query(`ALTER TABLE "listings"."listings" DROP CONSTRAINT "listings_status_check"`);
    await q.query(`
      ALTER TABLE "listings"."listings" ADD CONSTRAINT "listings_status_check"
        CHECK ("status" IN ('draft', 'active', 'reserved', 'sold', 'removed'))`);
  }
}
