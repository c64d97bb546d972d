import { Injectable } from '@nestjs/common';
import { sqlOf, type Tx } from '@loadout/service-kit';

/**
 * Sellers suspended in identity (`listings.suspended_sellers`, ADR 0035), kept from its
 * events: a reservation released while its seller is suspended goes back to `hidden`, not
 * `active`. Written and read inside the caller's transaction.
 */
@Injectable()
export class SuspendedSellerRepository {
  async suspend(tx: Tx, sellerId: string, at: string): Promise<void> {
    await sqlOf(tx)(
      `INSERT INTO "listings"."suspended_sellers" ("seller_id", "suspended_at") VALUES ($1, $2)
       ON CONFLICT ("seller_id") DO UPDATE SET "suspended_at" = EXCLUDED."suspended_at"`,
      [sellerId, at],
    );
  }

  async reinstate(tx: Tx, sellerId: string): Promise<void> {
    await sqlOf(tx)(`DELETE FROM "listings"."suspended_sellers" WHERE "seller_id" = $1`, [
      sellerId,
    ]);
  }

  async isSuspended(tx: Tx, sellerId: string): Promise<boolean> {
    const rows = (await sqlOf(tx)(
      `SELECT 1 FROM "listings"."suspended_sellers" WHERE "seller_id" = $1`,
      [sellerId],
    )) as unknown[];
    return rows.length > 0;
  }
}
