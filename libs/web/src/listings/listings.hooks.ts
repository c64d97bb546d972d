import { useQuery } from '@tanstack/react-query';
import { fetchListing, listingKeys } from './listings.api';

/** One listing (the listing page, checkout). */
export function useListing(id: string | undefined) {
  return useQuery({
    queryKey: listingKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchListing(id ?? '', { signal }),
    enabled: Boolean(id),
  });
}
