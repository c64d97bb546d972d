import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The dashboard's active listings leave out a suspended seller's listings (ADR 0035 hides
 * them; issue 26): each listing remembers its seller, and the sellers' suspensions are kept
 * from identity's events (the latest event wins: `changed_at`). Rows from before this
 * migration have no seller and count as before.
 */
export class StatsSuspendedSellers1795719500000 implements MigrationInterface {
  name = 'StatsSuspendedSellers1795719500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "admin"."stat_listings" ADD COLUMN "seller_id" varchar(64)`);
    await q.query(
      `CREATE INDEX "stat_listings_seller_idx" ON "admin"."stat_listings" ("seller_id")`,
    );
    await q.query(`
      CREATE TABLE "admin"."stat_suspended_sellers" (
        "user_id" varchar(64) PRIMARY KEY,
        "suspended" boolean NOT NULL,
        "changed_at" timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "admin"."stat_suspended_sellers"`);
    await q.query(`DROP INDEX "admin"."stat_listings_seller_idx"`);
    await q.query(`ALTER TABLE "admin"."stat_listings" DROP COLUMN "seller_id"`);
  }
}
