import { Injectable } from '@nestjs/common';
import { type ListingStatus } from '@loadout/contracts';
import { isId } from '@loadout/db';
import { entityManagerOf, type Tx } from '@loadout/service-kit';

/** What favouriting needs to know of a listing. */
export interface FavouriteTarget {
  status: ListingStatus;
  sellerId: string;
  title: string;
  favoriteCount: number;
}

/**
 * Favourite rows and the listing's `favorite_count`, which moves with them in the same
 * transaction and never below zero. Reads of favourite pages go through `ListingQueries`.
 */
@Injectable()
export class FavoriteRepository {
  async target(tx: Tx, listingId: string): Promise<FavouriteTarget | null> {
    if (!isId(listingId)) return null;
    const [row] = (await entityManagerOf(tx).query(
      `SELECT "status", "seller_id", "title", "favorite_count" FROM "listings"."listings"
        WHERE "id" = $1`,
      [listingId],
    )) as { status: ListingStatus; seller_id: string; title: string; favorite_count: number }[];
    return row
      ? {
          status: row.status,
          sellerId: row.seller_id,
          title: row.title,
          favoriteCount: row.favorite_count,
        }
      : null;
  }

  /** Adds the favourite; the listing's new count, or null when it was already there. */
  async add(tx: Tx, userId: string, listingId: string): Promise<number | null> {
    const inserted = (await entityManagerOf(tx).query(
      `INSERT INTO "listings"."favorites" ("user_id", "listing_id") VALUES ($1, $2)
       ON CONFLICT DO NOTHING RETURNING "listing_id"`,
      [userId, listingId],
    )) as unknown[];
    if (!inserted.length) return null;
    return this.moveCount(tx, listingId, `"favorite_count" + 1`);
  }

  /** Removes the favourite; the listing's new count, or null when there was none. */
  async remove(tx: Tx, userId: string, listingId: string): Promise<number | null> {
    const deleted = (await entityManagerOf(tx).query(
      `DELETE FROM "listings"."favorites" WHERE "user_id" = $1 AND "listing_id" = $2
       RETURNING "listing_id"`,
      [userId, listingId],
    )) as [unknown[], number];
    if (!deleted[0].length) return null;
    return this.moveCount(tx, listingId, `greatest("favorite_count" - 1, 0)`);
  }

  private async moveCount(tx: Tx, listingId: string, next: string): Promise<number> {
    const [rows] = (await entityManagerOf(tx).query(
      `UPDATE "listings"."listings" SET "favorite_count" = ${next}
        WHERE "id" = $1 RETURNING "favorite_count"`,
      [listingId],
    )) as [{ favorite_count: number }[], number];
    return rows[0]?.favorite_count ?? 0;
  }
}
