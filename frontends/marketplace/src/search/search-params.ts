// The marketplace filters live in the URL (shareable, back/forward work): euro in the URL,
// cents in the API.
import {
  type DeliveryOption,
  type IrishCounty,
  type ListingCategory,
  type ListingCondition,
  type ListingSort,
  DELIVERY_OPTIONS,
  LISTING_CONDITIONS,
  LISTING_LIMITS,
  LISTING_SORTS,
  isIrishCounty,
  isListingCategory,
} from '@loadout/contracts';
import { type ListingFilters } from '@loadout/web';

export interface SearchState {
  search: string;
  category?: ListingCategory;
  condition?: ListingCondition;
  county?: IrishCounty;
  /** Euro as typed in the URL, e.g. "50" or "49.99". */
  minPrice?: string;
  maxPrice?: string;
  delivery?: DeliveryOption;
  /** What the user chose; absent = the default (relevance with a search, otherwise newest). */
  sort?: ListingSort;
}

/** URL keys of the filters (not the search text), for "Clear filters". */
export const FILTER_KEYS = [
  'category',
  'condition',
  'county',
  'minPrice',
  'maxPrice',
  'delivery',
  'sort',
] as const;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

const PRICE_PATTERN = /^\d{1,6}(\.\d{1,2})?$/;

/** Euro text ("12", "12.5", "12.50") to cents, or undefined when it is not a valid amount. */
export function euroToCents(text: string | null | undefined): number | undefined {
  const trimmed = text?.trim().replace(',', '.');
  if (!trimmed || !PRICE_PATTERN.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function isValidEuro(text: string): boolean {
  return euroToCents(text) !== undefined;
}

/** Reads the filters from the URL; unknown or malformed values are ignored. */
export function parseSearchParams(params: URLSearchParams): SearchState {
  const search = params.get('search')?.trim() ?? '';
  const minPrice = params.get('minPrice');
  const maxPrice = params.get('maxPrice');
  const sort = oneOf(LISTING_SORTS, params.get('sort'));
  const category = params.get('category');
  const county = params.get('county');
  return {
    search: search.slice(0, LISTING_LIMITS.searchMax),
    category: isListingCategory(category) ? category : undefined,
    condition: oneOf(LISTING_CONDITIONS, params.get('condition')),
    county: isIrishCounty(county) ? county : undefined,
    minPrice: minPrice !== null && isValidEuro(minPrice) ? minPrice.trim() : undefined,
    maxPrice: maxPrice !== null && isValidEuro(maxPrice) ? maxPrice.trim() : undefined,
    delivery: oneOf(DELIVERY_OPTIONS, params.get('delivery')),
    // Relevance needs search text to rank by.
    sort: sort === 'relevance' && !search ? undefined : sort,
  };
}

/** The sort the API gets: the chosen one, else relevance for a search, else newest. */
export function effectiveSort(state: SearchState): ListingSort {
  return state.sort ?? (state.search ? 'relevance' : 'newest');
}

/** The API query for the state (cents, the effective sort). */
export function toListingFilters(state: SearchState): ListingFilters {
  return {
    search: state.search || undefined,
    category: state.category,
    condition: state.condition,
    county: state.county,
    minPriceCents: euroToCents(state.minPrice),
    maxPriceCents: euroToCents(state.maxPrice),
    delivery: state.delivery,
    sort: effectiveSort(state),
  };
}

/** Whether any filter (besides the search text) is set. */
export function hasFilters(state: SearchState): boolean {
  return Boolean(
    state.category ||
    state.condition ||
    state.county ||
    state.minPrice ||
    state.maxPrice ||
    state.delivery ||
    state.sort,
  );
}

/** A copy of `params` with `key` set to `value`, or removed when the value is empty. */
export function withParam(
  params: URLSearchParams,
  key: string,
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const trimmed = value?.trim();
  if (trimmed) next.set(key, trimmed);
  else next.delete(key);
  return next;
}
