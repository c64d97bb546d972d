import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import {
  LISTING_LIMITS,
  type FavoriteIdsResponse,
  type FavoriteStateResponse,
  type ListingListResponse,
  type ListingStatus,
} from '@loadout/contracts';
import { isId } from '@loadout/db';
import { positionOf, toListResponse } from '../browse-listings/browse-listings.query';
import { ListingsCache } from '../cache/listings-cache';
import { listingNotFound } from '../domain/listing.errors';
import { ListingEvents } from '../listing-events';
import { isFavoritable } from '../domain/listing-status';
import { ListingQueries } from '../persistence/listing-queries';

const MAX_IDS = 1000;

/**
 * Favourites. Adding and removing are idempotent; `favorite_count` moves in the same
 * transaction as the row and never below zero.
 */
@Injectable()
export class FavoritesHandler {
  private readonly log = new Logger(FavoritesHandler.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queries: ListingQueries,
    private readonly cache: ListingsCache,
    private readonly events: ListingEvents,
  ) {}

  /** A new favourite also tells the seller, through `listings.listing.favourited.v1`. */
  async add(userId: string, listingId: string, requestId?: string): Promise<FavoriteStateResponse> {
    const { count, changed } = await this.dataSource.transaction(async (tx) => {
      const [listing] = (await tx.query(
        `SELECT "status", "favorite_count", "seller_id", "title" FROM "listings"."listings"
          WHERE "id" = $1`,
        [listingId],
      )) as {
        status: ListingStatus;
        favorite_count: number;
        seller_id: string;
        title: string;
      }[];
      if (!listing || !isFavoritable(listing.status)) throw listingNotFound();
      const inserted = (await tx.query(
        `INSERT INTO "listings"."favorites" ("user_id", "listing_id") VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING "listing_id"`,
        [userId, listingId],
      )) as unknown[];
      if (!inserted.length) return { count: listing.favorite_count, changed: false };
      const [row] = (await tx.query(
        `UPDATE "listings"."listings" SET "favorite_count" = "favorite_count" + 1
          WHERE "id" = $1 RETURNING "favorite_count"`,
        [listingId],
      )) as [{ favorite_count: number }[], number];
      const favoriteCount = row[0]?.favorite_count ?? 0;
      await this.events.favourited(
        tx,
        { listingId, sellerId: listing.seller_id, userId, title: listing.title, favoriteCount },
        { actorId: userId, requestId },
      );
      return { count: favoriteCount, changed: true };
    });
    if (changed) await this.invalidate(listingId);
    return { listingId, favorite: true, favoriteCount: count };
  }

  async remove(userId: string, listingId: string): Promise<FavoriteStateResponse> {
    if (!isId(listingId)) throw listingNotFound();
    const { count, changed } = await this.dataSource.transaction(async (tx) => {
      const [listing] = (await tx.query(
        `SELECT "favorite_count" FROM "listings"."listings" WHERE "id" = $1`,
        [listingId],
      )) as { favorite_count: number }[];
      if (!listing) throw listingNotFound();
      const deleted = (await tx.query(
        `DELETE FROM "listings"."favorites" WHERE "user_id" = $1 AND "listing_id" = $2
         RETURNING "listing_id"`,
        [userId, listingId],
      )) as [unknown[], number];
      if (!deleted[0].length) return { count: listing.favorite_count, changed: false };
      const [row] = (await tx.query(
        `UPDATE "listings"."listings" SET "favorite_count" = greatest("favorite_count" - 1, 0)
          WHERE "id" = $1 RETURNING "favorite_count"`,
        [listingId],
      )) as [{ favorite_count: number }[], number];
      return { count: row[0]?.favorite_count ?? 0, changed: true };
    });
    if (changed) await this.invalidate(listingId);
    return { listingId, favorite: false, favoriteCount: count };
  }

  async list(
    userId: string,
    cursor: string | undefined,
    limit: number = LISTING_LIMITS.pageDefault,
  ): Promise<ListingListResponse> {
    const page = await this.queries.favorites(userId, positionOf('favorites', cursor), limit);
    return toListResponse('favorites', page, limit);
  }

  async ids(userId: string): Promise<FavoriteIdsResponse> {
    return { ids: await this.queries.favoriteIds(userId, MAX_IDS) };
  }

  private async invalidate(listingId: string): Promise<void> {
    try {
      await this.cache.invalidate(listingId);
    } catch (err) {
      this.log.warn(`cache invalidation failed for ${listingId}: ${String(err)}`);
    }
  }
}
