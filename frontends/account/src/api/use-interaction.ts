import { accountKeys } from '@loadout/web';
import { useQuery } from '@tanstack/react-query';
import { getInteraction } from './interaction';

/** Whether the provider's sign-in interaction is still alive (404 when it expired). */
export function useInteraction(uid: string) {
  return useQuery({
    queryKey: accountKeys.interaction(uid),
    queryFn: ({ signal }) => getInteraction(uid, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}
