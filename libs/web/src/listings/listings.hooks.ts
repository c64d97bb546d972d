import { LISTING_LIMITS } from '@loadout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchFeatured,
  fetchListing,
  fetchListings,
  fetchListingStats,
  listingKeys,
  removeListing,
  setListingFeatured,
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

/** Admins feature or unfeature a listing; the listing and the ticker refresh. */
export function useSetListingFeatured() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, featured }: { id: string; featured: boolean }) =>
      setListingFeatured(id, featured),
    onSuccess: (listing) => {
      client.setQueryData(listingKeys.detail(listing.id), listing);
      return client.invalidateQueries({ queryKey: listingKeys.featured });
    },
  });
}

/** Withdraw (owner) or remove with a reason (moderator); every listing list refreshes. */
export function useRemoveListing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: string }) => removeListing(id, reason),
    onSuccess: (listing) => {
      client.setQueryData(listingKeys.detail(listing.id), listing);
      return client.invalidateQueries({ queryKey: listingKeys.all });
    },
  });
}
