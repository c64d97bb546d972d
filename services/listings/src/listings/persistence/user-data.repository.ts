import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { entityManagerOf, type Tx } from '@loadout/service-kit';

/** What listings holds about one user (ADR 0039): their listings, photos, favourites, seller card. */
@Injectable()
export class UserDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async exportOf(userId: string): Promise<Record<string, unknown>> {
    const m = this.dataSource.manager;
    const listings = await m.query(
      `SELECT l."id", l."status", l."title", l."description", l."category", l."condition",
              l."price_cents" AS "priceCents", l."postage_cents" AS "postageCents",
              l."collection", l."county", l."fps", l."bb_weight_grams" AS "bbWeightGrams",
              l."joules", l."favorite_count" AS "favoriteCount",
              l."removed_by" AS "removedBy", l."removal_reason" AS "removalReason",
              l."published_at" AS "publishedAt", l."created_at" AS "createdAt",
              l."updated_at" AS "updatedAt",
              COALESCE((SELECT json_agg(i."url" ORDER BY i."position")
                          FROM "listings"."images" i
                         WHERE i."listing_id" = l."id" AND i."url" IS NOT NULL), '[]') AS "photos"
         FROM "listings"."listings" l WHERE l."seller_id" = $1
        ORDER BY l."created_at", l."id"`,
      [userId],
    );
    const favourites = await m.query(
      `SELECT f."listing_id" AS "listingId", l."title", f."created_at" AS "createdAt"
         FROM "listings"."favorites" f LEFT JOIN "listings"."listings" l ON l."id" = f."listing_id"
        WHERE f."user_id" = $1 ORDER BY f."created_at"`,
      [userId],
    );
    const photos = await m.query(
      `SELECT "id", "listing_id" AS "listingId", "status", "url", "content_type" AS "contentType",
              "size_bytes" AS "sizeBytes", "created_at" AS "createdAt"
         FROM "listings"."images" WHERE "owner_id" = $1 ORDER BY "created_at"`,
      [userId],
    );
    const card = (await m.query(
      `SELECT "username", "display_name" AS "displayName", "county", "seller_type" AS "sellerType",
              "member_since" AS "memberSince"
         FROM "listings"."sellers" WHERE "id" = $1`,
      [userId],
    )) as unknown[];
    return { listings, favourites, photos, sellerCard: card[0] ?? null };
  }

  /** The seller's listings show no photo any more (the images module deletes the photos). */
  async clearThumbnails(tx: Tx, sellerId: string): Promise<void> {
    await entityManagerOf(tx).query(
      `UPDATE "listings"."listings" SET "thumb_url" = NULL, "image_count" = 0
        WHERE "seller_id" = $1 AND ("thumb_url" IS NOT NULL OR "image_count" > 0)`,
      [sellerId],
    );
  }

  /** Their favourites go, and the listings' counts with them. */
  async eraseFavourites(tx: Tx, userId: string): Promise<void> {
    await entityManagerOf(tx).query(
      `UPDATE "listings"."listings" l SET "favorite_count" = GREATEST(l."favorite_count" - 1, 0)
         FROM "listings"."favorites" f WHERE f."listing_id" = l."id" AND f."user_id" = $1`,
      [userId],
    );
    await entityManagerOf(tx).query(`DELETE FROM "listings"."favorites" WHERE "user_id" = $1`, [
      userId,
    ]);
  }

  /** The seller card other members saw on sold listings: anonymised, the id kept. */
  async anonymiseSeller(tx: Tx, userId: string, name: string): Promise<void> {
    await entityManagerOf(tx).query(
      `UPDATE "listings"."sellers" SET "username" = 'deleted', "display_name" = $2, "county" = NULL
        WHERE "id" = $1`,
      [userId, name],
    );
  }
}
