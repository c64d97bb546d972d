import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZE,
  fetchFeatured,
  fetchListing,
  fetchListingStats,
  fetchListings,
  listingKeys,
  type ListingFilters,
} from './listings.api';

/** Search results, one page per `nextCursor` (keyset pagination). */
export function useListings(filters: ListingFilters, limit: number = PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: listingKeys.list(filters, limit),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      fetchListings({ ...filters, cursor: pageParam ?? undefined, limit }, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useListing(id: string | undefined) {
  return useQuery({
    queryKey: listingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchListing(id ?? '', { signal }),
    enabled: Boolean(id),
  });
}

export function useFeatured() {
  return useQuery({
    queryKey: listingKeys.featured,
    queryFn: ({ signal }) => fetchFeatured({ signal }),
  });
}

export function useListingStats() {
  return useQuery({
    queryKey: listingKeys.stats,
    queryFn: ({ signal }) => fetchListingStats({ signal }),
  });
}
