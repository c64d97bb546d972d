import { Injectable } from '@nestjs/common';
import { entityManagerOf, type Tx } from '@loadout/service-kit';

export interface SellerRating {
  sellerId: string;
  count: number;
  sum: number;
}

/**
 * The sellers' ratings read model (`listings.seller_ratings`). Orders announces the whole
 * summary with each published review; reviews are never unpublished, so the summary with the
 * higher count is the newer one, whatever order the events arrive in.
 */
@Injectable()
export class SellerRatingRepository {
  async apply(tx: Tx, r: SellerRating): Promise<void> {
    await entityManagerOf(tx).query(
      `INSERT INTO "listings"."seller_ratings" AS s ("seller_id", "rating_count", "rating_sum")
       VALUES ($1, $2, $3)
       ON CONFLICT ("seller_id") DO UPDATE
         SET "rating_count" = EXCLUDED."rating_count", "rating_sum" = EXCLUDED."rating_sum",
             "updated_at" = now()
       WHERE s."rating_count" < EXCLUDED."rating_count"`,
      [r.sellerId, r.count, r.sum],
    );
  }
}
