import { Injectable } from '@nestjs/common';
import {
  LISTING_LIMITS,
  type FeaturedListingsResponse,
  type ListingListResponse,
  type ListingSearchParams,
  type ListingStatsResponse,
  type ListingStatus,
} from '@loadout/contracts';
import { decodeCursor, encodeCursor } from '@loadout/db';
import { ListingsCache } from '../cache/listings-cache';
import {
  browseKey,
  cursorValues,
  filterKey,
  normaliseBrowseParams,
  positionFrom,
  type Position,
} from '../domain/browse-params';
import { withoutEmptySearch } from '../domain/search-query';
import { ListingQueries, type Page } from '../persistence/listing-queries';
import { toSummaryDto } from '../persistence/listing.mapper';

/** Decodes a cursor of `sort` (400 `COMMON.INVALID_CURSOR` when it is not one). */
export const positionOf = (sort: string, cursor: string | null | undefined): Position | null =>
  cursor ? positionFrom(sort, decodeCursor(cursor, 3)) : null;

/** The response of a keyset page: `limit` items and the cursor of the last when more exist. */
export function toListResponse(sort: string, page: Page, limit: number): ListingListResponse {
  const rows = page.rows.slice(0, limit);
  const last = rows[rows.length - 1];
  return {
    items: rows.map(toSummaryDto),
    nextCursor:
      page.rows.length > limit && last
        ? encodeCursor(cursorValues(sort, { key: last.sort_key, id: last.id }))
        : null,
    total: page.total,
  };
}

@Injectable()
export class BrowseListingsQuery {
  constructor(
    private readonly queries: ListingQueries,
    private readonly cache: ListingsCache,
  ) {}

  /**
   * Anonymous results are cached briefly (signed-in callers read the page fresh). The total of
   * a filter is the same on every page and for every caller: it is cached on its own, so a
   * request that misses the page cache usually runs one statement, never more than two.
   */
  async list(query: ListingSearchParams, anonymous: boolean): Promise<ListingListResponse> {
    const params = withoutEmptySearch(
      normaliseBrowseParams(query),
      await this.queries.searchDictionary(),
    );
    const after = positionOf(params.sort, params.cursor);
    const load = async () => {
      const totalKey = `total:${filterKey(params)}`;
      const known = await this.cache.peek<number>(totalKey);
      const page = await this.queries.browse(params, after, known.value === null);
      if (known.value === null) await this.cache.keep(totalKey, page.total, known.generation);
      else page.total = known.value;
      return toListResponse(params.sort, page, params.limit);
    };
    return anonymous ? this.cache.list(`browse:${browseKey(params)}`, load) : load();
  }

  featured(): Promise<FeaturedListingsResponse> {
    return this.cache.list('featured', async () => ({
      items: (await this.queries.featured(LISTING_LIMITS.featured)).map(toSummaryDto),
    }));
  }

  stats(): Promise<ListingStatsResponse> {
    return this.cache.list('stats', async () => ({
      activeListings: await this.queries.countActive(),
    }));
  }

  async mine(
    userId: string,
    status: ListingStatus | undefined,
    cursor: string | undefined,
    limit: number = LISTING_LIMITS.pageDefault,
  ): Promise<ListingListResponse> {
    const page = await this.queries.mine(userId, status ?? null, positionOf('mine', cursor), limit);
    return toListResponse('mine', page, limit);
  }
}
