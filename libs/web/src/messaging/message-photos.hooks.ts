import { useQuery } from '@tanstack/react-query';
import { messagingKeys } from './messaging.api';
import { fetchMessagePhoto } from './message-photos.api';

/**
 * A conversation's photo as an object URL for <img src>. Fetched once per session with the
 * access token (the API answers no-store: personal data stays out of every cache but this
 * page's memory).
 */
export function useMessagePhoto(url: string | null) {
  return useQuery({
    queryKey: messagingKeys.photo(url ?? ''),
    queryFn: async ({ signal }) => URL.createObjectURL(await fetchMessagePhoto(url!, { signal })),
    enabled: url !== null,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });
}
