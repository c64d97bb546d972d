import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  LISTINGS_PAGE_SIZE,
  fetchFeatured,
  fetchListingStats,
  fetchListings,
  listingKeys,
  type ListingFilters,
} from '@loadout/web';

/** Search results, one page per `nextCursor` (keyset pagination). */
export function useListings(filters: ListingFilters, limit: number = LISTINGS_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: listingKeys.list(filters, limit),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      fetchListings({ ...filters, cursor: pageParam ?? undefined, limit }, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export { useListing } from '@loadout/web';

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
