// The home page reads the listings API through @loadout/web's listings client (the same keys
// and fetchers as the marketplace remote, so both share one cache entry) and the fields stats.
import { LISTING_LIMITS } from '@loadout/contracts';
import { apiFetch, fetchFeatured, fetchListingStats, listingKeys } from '@loadout/web';
import { useQuery } from '@tanstack/react-query';

interface FieldStats {
  count: number;
}

export const FIELD_STATS_QUERY_KEY = ['fields', 'stats'] as const;

export function useFieldCount() {
  return useQuery({
    queryKey: FIELD_STATS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<FieldStats>('/api/v1/fields/stats', { signal }),
    select: (data) => data.count,
  });
}

export function useActiveListingCount() {
  return useQuery({
    queryKey: listingKeys.stats,
    queryFn: ({ signal }) => fetchListingStats({ signal }),
    select: (data) => data.activeListings,
  });
}

export function useFeaturedListings() {
  return useQuery({
    queryKey: listingKeys.featured,
    queryFn: ({ signal }) => fetchFeatured({ signal }),
    select: (data) => data.items.slice(0, LISTING_LIMITS.featured),
  });
}
