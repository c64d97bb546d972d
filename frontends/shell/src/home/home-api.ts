// The home page reads the listings and fields APIs itself (the shell never imports a remote).
import {
  type FeaturedListingsResponse,
  type ListingStatsResponse,
  LISTING_LIMITS,
} from '@loadout/contracts';
import { apiFetch } from '@loadout/web';
import { useQuery } from '@tanstack/react-query';

interface FieldStats {
  count: number;
}

export const FIELD_STATS_QUERY_KEY = ['fields', 'stats'] as const;
// Same keys as the marketplace remote, so both share one cache entry.
export const LISTING_STATS_QUERY_KEY = ['listings', 'stats'] as const;
export const FEATURED_QUERY_KEY = ['listings', 'featured'] as const;

export function useFieldCount() {
  return useQuery({
    queryKey: FIELD_STATS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<FieldStats>('/api/v1/fields/stats', { signal }),
    select: (data) => data.count,
  });
}

export function useActiveListingCount() {
  return useQuery({
    queryKey: LISTING_STATS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<ListingStatsResponse>('/api/v1/listings/stats', { signal }),
    select: (data) => data.activeListings,
  });
}

export function useFeaturedListings() {
  return useQuery({
    queryKey: FEATURED_QUERY_KEY,
    queryFn: ({ signal }) =>
      apiFetch<FeaturedListingsResponse>('/api/v1/listings/featured', { signal }),
    select: (data) => data.items.slice(0, LISTING_LIMITS.featured),
  });
}
