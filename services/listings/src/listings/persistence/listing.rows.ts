/** The seller's rating (orders' reviews), by primary key: no join, fits every card query. */
const SELLER_RATING = `(SELECT r."rating_count" FROM "listings"."seller_ratings" r
    WHERE r."seller_id" = l."seller_id") AS "seller_rating_count",
  (SELECT r."rating_sum" FROM "listings"."seller_ratings" r
    WHERE r."seller_id" = l."seller_id") AS "seller_rating_sum"`;

/** Columns of a result card, as raw SQL selects them (numerics cast to float8). */
export const SUMMARY_COLUMNS = `l."id", l."title", l."price_cents", l."category", l."condition",
  l."county", l."status", l."joules"::float8 AS "joules", l."postage_cents", l."collection",
  l."thumb_url", l."favorite_count", l."seller_id", l."published_at", l."created_at",
  l."updated_at", ${SELLER_RATING}`;

export interface SummaryRow {
  id: string;
  title: string;
  price_cents: number | null;
  category: string | null;
  condition: string | null;
  county: string | null;
  status: string;
  joules: number | null;
  postage_cents: number | null;
  collection: boolean;
  thumb_url: string | null;
  favorite_count: number;
  seller_id: string;
  /** Null when the seller has no published review. */
  seller_rating_count: number | null;
  seller_rating_sum: number | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A card plus its keyset sort key (text for timestamps, so microseconds survive). */
export interface PageRow extends SummaryRow {
  sort_key: string | number;
}

export const DETAIL_COLUMNS = `${SUMMARY_COLUMNS}, l."description", l."fps"::float8 AS "fps",
  l."bb_weight_grams"::float8 AS "bb_weight_grams", l."removal_reason", l."featured_at",
  l."reservation_state", s."username" AS "seller_username", s."display_name" AS "seller_display_name",
  s."county" AS "seller_county", s."seller_type" AS "seller_type",
  s."member_since" AS "seller_member_since"`;

export interface DetailRow extends SummaryRow {
  description: string | null;
  fps: number | null;
  bb_weight_grams: number | null;
  removal_reason: string | null;
  featured_at: Date | null;
  reservation_state: string | null;
  seller_username: string | null;
  seller_display_name: string | null;
  seller_county: string | null;
  seller_type: string | null;
  seller_member_since: Date | null;
}
