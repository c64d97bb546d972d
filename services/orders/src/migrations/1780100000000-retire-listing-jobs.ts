import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Issue 29 item 7 (ADR 0044): listings frees or sells a listing from orders' events only, so
 * the `release_listing` and `mark_listing_sold` jobs are gone. Queued or parked ones are closed
 * here: their order's event was written in the same transaction as the job, and listings'
 * reservation sweep settles any listing still reserved for a final order.
 */
export class RetireListingJobs1780100000000 implements MigrationInterface {
  name = 'RetireListingJobs1780100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE "orders"."jobs"
         SET "done_at" = now(), "last_error" = 'retired: listings follows the order events (ADR 0044)'
       WHERE "kind" IN ('release_listing', 'mark_listing_sold') AND "done_at" IS NULL`);
  }

  async down(): Promise<void> {
    // Closed jobs stay closed: the events did their work.
  }
}
