import { fetchUnreadMessageCount, messagingKeys, useMessagingRealtime } from '@loadout/web';
import { useQuery } from '@tanstack/react-query';
import { loadManifest } from '../remotes/remotes-manifest';
import { isServiceMissing } from '../layout/service-availability';

export const UNREAD_REFRESH_MS = 30_000;

export const unreadMessagesKey = messagingKeys.unread;

/** Whether the runtime manifest lists the messaging remote (no messages area, no badge calls). */
function useMessagingDeployed(enabled: boolean): boolean {
  const manifest = useQuery({
    queryKey: ['remotes-manifest'],
    queryFn: () => loadManifest(),
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
  });
  return Boolean(manifest.data?.remotes['messaging']);
}

/**
 * Unread messages for the signed-in user (`GET /api/v1/conversations/unread-count` → `{ count }`),
 * refreshed every 30 s and pushed over the messaging socket. 0 while signed out, while the messaging area is not deployed, and when
 * the service answers 404/503 (then it stops asking).
 */
export function useUnreadMessages(userId: string | null): number {
  const deployed = useMessagingDeployed(userId !== null);
  useMessagingRealtime(deployed ? userId : null);
  const query = useQuery({
    queryKey: unreadMessagesKey(userId),
    queryFn: ({ signal }) => fetchUnreadMessageCount({ signal }),
    enabled: userId !== null && deployed,
    retry: false,
    refetchInterval: (q) => (isServiceMissing(q.state.error) ? false : UNREAD_REFRESH_MS),
  });
  const count = query.data?.count;
  return typeof count === 'number' && count > 0 ? count : 0;
}
