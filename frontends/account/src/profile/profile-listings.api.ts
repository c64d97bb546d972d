// A member's active listings for their public profile. The account remote cannot import the
// marketplace remote, so it calls the listings API itself (types from @loadout/contracts).
import { type ListingListResponse } from '@loadout/contracts';
import { apiFetch } from '@loadout/web';
import { useQuery } from '@tanstack/react-query';

export const PROFILE_LISTINGS_LIMIT = 12;

export function useProfileListings(sellerId: string) {
  return useQuery({
    queryKey: ['listings', 'list', { sellerId }, PROFILE_LISTINGS_LIMIT, 'profile'] as const,
    queryFn: ({ signal }) =>
      apiFetch<ListingListResponse>('/api/v1/listings', {
        signal,
        query: { sellerId, limit: PROFILE_LISTINGS_LIMIT },
      }),
  });
}
