import {
  cursorId,
  cursorInt4,
  cursorNumber,
  cursorTimestamp,
  invalidCursor,
  type CursorValues,
} from '@loadout/db/keys';
import { validationError } from '@loadout/errors';
import {
  LISTING_LIMITS,
  type DeliveryOption,
  type ListingSearchParams,
  type ListingSort,
} from '@loadout/contracts';

/** A browse request after defaults and normalisation; also the cache key's source. */
export interface BrowseParams {
  search: string | null;
  category: string | null;
  condition: string | null;
  county: string | null;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  delivery: DeliveryOption | null;
  sellerId: string | null;
  sort: ListingSort;
  cursor: string | null;
  limit: number;
}

/**
 * Search is trimmed, whitespace-collapsed and lower-cased (full-text and trigram matching
 * ignore case anyway); relevance is the default sort with a search, newest without one, and
 * relevance without a search falls back to newest.
 */
export function normaliseBrowseParams(q: ListingSearchParams): BrowseParams {
  const search = q.search?.trim().replace(/\s+/g, ' ').toLowerCase() || null;
  if (
    q.minPriceCents !== undefined &&
    q.maxPriceCents !== undefined &&
    q.minPriceCents > q.maxPriceCents
  ) {
    throw validationError(
      'COMMON.VALIDATION_FAILED',
      'The minimum price cannot be above the maximum price.',
      [
        {
          field: 'minPriceCents',
          messages: ['The minimum price cannot be above the maximum price.'],
        },
      ],
    );
  }
  const requested = q.sort ?? (search ? 'relevance' : 'newest');
  return {
    search,
    category: q.category ?? null,
    condition: q.condition ?? null,
    county: q.county ?? null,
    minPriceCents: q.minPriceCents ?? null,
    maxPriceCents: q.maxPriceCents ?? null,
    delivery: q.delivery ?? null,
    sellerId: q.sellerId ?? null,
    sort: requested === 'relevance' && !search ? 'newest' : requested,
    cursor: q.cursor ?? null,
    limit: Math.min(q.limit ?? LISTING_LIMITS.pageDefault, LISTING_LIMITS.pageMax),
  };
}

/** A stable string of the parameters, keys in a fixed order (for cache keys). */
export const browseKey = (p: BrowseParams): string =>
  JSON.stringify([
    p.search,
    p.category,
    p.condition,
    p.county,
    p.minPriceCents,
    p.maxPriceCents,
    p.delivery,
    p.sellerId,
    p.sort,
    p.cursor,
    p.limit,
  ]);

/** The parameters that decide which listings match (not their order or page): a total's key. */
export const filterKey = (p: BrowseParams): string =>
  JSON.stringify([
    p.search,
    p.category,
    p.condition,
    p.county,
    p.minPriceCents,
    p.maxPriceCents,
    p.delivery,
    p.sellerId,
  ]);

/** The keyset position after which the next page starts: the last row's sort key and id. */
export interface Position {
  key: SortKey;
  id: string;
}

export type SortKey = string | number;

/**
 * Cursor values are `[sort, key, id]`: naming the sort makes a cursor reused with another
 * sort a clear 400 instead of a silently wrong page.
 */
export function cursorValues(sort: string, position: Position): CursorValues {
  return [sort, position.key, position.id];
}

/** Every value is checked for what its column holds (a real timestamp, an int4, an id). */
export function positionFrom(sort: string, values: CursorValues): Position {
  const [tag, key, rawId] = values;
  if (tag !== sort) throw invalidCursor();
  const id = cursorId(rawId);
  switch (sort) {
    case 'newest':
    case 'mine':
    case 'favorites':
      return { key: cursorTimestamp(key), id };
    case 'price_asc':
    case 'price_desc':
      return { key: cursorInt4(key), id };
    case 'relevance':
      return { key: cursorNumber(key), id };
    default:
      throw invalidCursor();
  }
}
