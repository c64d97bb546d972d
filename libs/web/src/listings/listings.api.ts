// Typed calls of the listings API (libs/contracts/src/api/listings.ts) and their query keys,
// shared by the marketplace remote (search, listing page) and the orders remote (checkout).
import {
  type FavoriteIdsResponse,
  type FavoriteStateResponse,
  type FeaturedListingsResponse,
  type ListingDto,
  type ListingListResponse,
  type ListingSearchParams,
  type ListingStatsResponse,
  type SellerType,
  LISTING_LIMITS,
} from '@loadout/contracts';
import { apiFetch, takePrefetched } from '../api-client';

/** Results per page of the marketplace grids. */
export const LISTINGS_PAGE_SIZE = LISTING_LIMITS.pageDefault;

/** Search filters without the paging parameters (they are the query key). */
export type ListingFilters = Omit<ListingSearchParams, 'cursor' | 'limit'>;

export const listingKeys = {
  all: ['listings'] as const,
  list: (filters: ListingFilters, limit: number = LISTINGS_PAGE_SIZE) =>
    ['listings', 'list', filters, limit] as const,
  detail: (id: string) => ['listings', 'detail', id] as const,
  featured: ['listings', 'featured'] as const,
  stats: ['listings', 'stats'] as const,
  /** One page of a seller's listings as a plain query (`list` keys hold infinite queries). */
  sellerPreview: (sellerId: string, limit: number) =>
    ['listings', 'seller-preview', sellerId, limit] as const,
  /** The signed-in seller's own listings (`GET listings/mine`), by status filter. */
  mine: (status: string) => ['listings', 'mine', status] as const,
};

export const favoriteKeys = {
  all: ['favorites'] as const,
  ids: ['favorites', 'ids'] as const,
  list: ['favorites', 'list'] as const,
};

interface CallOptions {
  signal?: AbortSignal;
}

export function fetchListings(
  params: ListingSearchParams,
  { signal }: CallOptions = {},
): Promise<ListingListResponse> {
  return apiFetch<ListingListResponse>('/api/v1/listings', {
    signal,
    publicRead: true,
    query: {
      search: params.search,
      category: params.category,
      condition: params.condition,
      county: params.county,
      minPriceCents: params.minPriceCents,
      maxPriceCents: params.maxPriceCents,
      delivery: params.delivery,
      sellerId: params.sellerId,
      sort: params.sort,
      cursor: params.cursor,
      limit: params.limit,
    },
  });
}

/** A listing; the boot script's early request for it is used when there is one. */
export async function fetchListing(id: string, { signal }: CallOptions = {}): Promise<ListingDto> {
  const path = `/api/v1/listings/${encodeURIComponent(id)}`;
  const early = await takePrefetched<ListingDto>(path);
  return early ?? apiFetch<ListingDto>(path, { signal, publicRead: true });
}

export function fetchFeatured({ signal }: CallOptions = {}): Promise<FeaturedListingsResponse> {
  return apiFetch<FeaturedListingsResponse>('/api/v1/listings/featured', {
    signal,
    publicRead: true,
  });
}

export function fetchListingStats({ signal }: CallOptions = {}): Promise<ListingStatsResponse> {
  return apiFetch<ListingStatsResponse>('/api/v1/listings/stats', { signal, publicRead: true });
}

export function fetchFavorites(
  cursor: string | null,
  { signal }: CallOptions = {},
): Promise<ListingListResponse> {
  return apiFetch<ListingListResponse>('/api/v1/favorites', {
    signal,
    query: { cursor, limit: LISTINGS_PAGE_SIZE },
  });
}

export function fetchFavoriteIds({ signal }: CallOptions = {}): Promise<FavoriteIdsResponse> {
  return apiFetch<FavoriteIdsResponse>('/api/v1/favorites/ids', { signal });
}

/** PUT marks a favourite, DELETE removes it; both answer the new state and count. */
export function setFavorite(listingId: string, favorite: boolean): Promise<FavoriteStateResponse> {
  return apiFetch<FavoriteStateResponse>(`/api/v1/favorites/${encodeURIComponent(listingId)}`, {
    method: favorite ? 'PUT' : 'DELETE',
  });
}

/** `PUT /api/v1/listings/{id}/featured` (admins): on or off the home page's ticker. */
export function setListingFeatured(listingId: string, featured: boolean): Promise<ListingDto> {
  return apiFetch<ListingDto>(`/api/v1/listings/${encodeURIComponent(listingId)}/featured`, {
    method: 'PUT',
    json: { featured },
  });
}

/** `DELETE /api/v1/listings/{id}`: the owner withdraws it; a moderator removes it with a reason. */
export function removeListing(listingId: string, reason?: string): Promise<ListingDto> {
  return apiFetch<ListingDto>(`/api/v1/listings/${encodeURIComponent(listingId)}`, {
    method: 'DELETE',
    json: reason === undefined ? {} : { reason },
  });
}

/** How the listing page and checkout name a seller type. */
export const SELLER_TYPE_LABELS: Record<SellerType, string> = {
  private: 'Private seller',
  trader: 'Trader',
};
