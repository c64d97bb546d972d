import { useInfiniteQuery } from '@tanstack/react-query';
import { LISTINGS_PAGE_SIZE, fetchListings, listingKeys, type ListingFilters } from '@loadout/web';

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
