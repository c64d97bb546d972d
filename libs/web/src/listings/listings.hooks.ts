import { LISTING_LIMITS } from '@loadout/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  fetchFeatured,
  fetchListing,
  fetchListings,
  fetchListingStats,
  listingKeys,
} from './listings.api';

/** One listing (the listing page, checkout). */
export function useListing(id: string | undefined) {
  return useQuery({
    queryKey: listingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchListing(id ?? '', { signal }),
    enabled: Boolean(id),
  });
}

/** The featured listings of the home page's ticker. */
export function useFeaturedListings() {
  return useQuery({
    queryKey: listingKeys.featured,
    queryFn: ({ signal }) => fetchFeatured({ signal }),
    select: (data) => data.items.slice(0, LISTING_LIMITS.featured),
  });
}

/** How many listings are for sale now. */
export function useActiveListingCount() {
  return useQuery({
    queryKey: listingKeys.stats,
    queryFn: ({ signal }) => fetchListingStats({ signal }),
    select: (data) => data.activeListings,
  });
}

/** The first `limit` active listings of one seller, newest first (a public profile). */
export function useSellerListings(sellerId: string, limit: number) {
  return useQuery({
    queryKey: listingKeys.sellerPreview(sellerId, limit),
    queryFn: ({ signal }) => fetchListings({ sellerId, limit }, { signal }),
  });
}
