import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 24 round 2 (ADR 0037): a running offer is `closed` when another order takes the
 * listing or the listing is removed, with why (`closed_reason`). The status CHECK gains 'closed'; a reason exactly when
 * closed. Closing reads a listing's running offers (offers_one_active leads with listing_id).
 */
export class OffersClosed1770510000000 implements MigrationInterface {
  name = 'OffersClosed1770510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."offers" ADD COLUMN "closed_reason" varchar(24)`);
    await q.query(`ALTER TABLE "orders"."offers" DROP CONSTRAINT "offers_status"`);
    await q.query(`
      ALTER TABLE "orders"."offers" ADD CONSTRAINT "offers_status" CHECK ("status" IN
        ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired', 'closed'))`);
    await q.query(`
      ALTER TABLE "orders"."offers" ADD CONSTRAINT "offers_closed_reason" CHECK (
        ("status" = 'closed') = ("closed_reason" IS NOT NULL) AND ("closed_reason" IS NULL OR
        "closed_reason" IN ('other_offer_accepted', 'reserved_by_checkout', 'buyer_checked_out',
          'listing_removed')))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "orders"."offers" DROP CONSTRAINT "offers_closed_reason"`);
    await q.query(`DELETE FROM "orders"."offers" WHERE "status" = 'closed'`);
    await q.query(`ALTER TABLE "orders"."offers" DROP CONSTRAINT "offers_status"`);
    await q.query(`
      ALTER TABLE "orders"."offers" ADD CONSTRAINT "offers_status" CHECK ("status" IN
        ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired'))`);
    await q.query(`ALTER TABLE "orders"."offers" DROP COLUMN "closed_reason"`);
  }
}
