import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isServiceMissing } from '../layout/service-availability';
import { type NotificationListResponse } from '@loadout/contracts';
import {
  NOTIFICATIONS_REFRESH_MS,
  fetchNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  markNotificationsSeen,
  notificationsKey,
} from '@loadout/web';

/** The latest notifications of the signed-in user, refreshed every 30 s (seed §9). */
export function useNotifications(userId: string | null) {
  return useQuery({
    queryKey: notificationsKey(userId),
    queryFn: fetchNotifications,
    enabled: userId !== null,
    retry: false,
    refetchInterval: (q) => (isServiceMissing(q.state.error) ? false : NOTIFICATIONS_REFRESH_MS),
  });
}

function patchPage(
  client: QueryClient,
  userId: string,
  patch: (page: NotificationListResponse) => NotificationListResponse,
) {
  client.setQueryData<NotificationListResponse>(notificationsKey(userId), (page) =>
    page ? patch(page) : page,
  );
}

/** Marks one notification read (shown read at once; re-read from the server afterwards). */
export function useMarkNotificationRead(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    retry: false,
    onMutate: (id: string) => {
      patchPage(client, userId, (page) => {
        const wasUnread = page.items.some((n) => n.id === id && !n.read);
        return {
          items: page.items.map((n) => (n.id === id ? { ...n, read: true } : n)),
          unreadCount: wasUnread ? Math.max(0, page.unreadCount - 1) : page.unreadCount,
        };
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey(userId) }),
  });
}

export function useMarkAllNotificationsRead(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    retry: false,
    onMutate: () => {
      patchPage(client, userId, (page) => ({
        items: page.items.map((n) => ({ ...n, read: true })),
        unreadCount: 0,
      }));
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey(userId) }),
  });
}

/**
 * The bell was opened: what it showed is marked read (the badge clears at once); one that
 * arrives after it was drawn stays unread.
 */
export function useMarkNotificationsSeen(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsSeen,
    retry: false,
    onMutate: (ids: string[]) => {
      const seen = new Set(ids);
      patchPage(client, userId, (page) => {
        const cleared = page.items.filter((n) => seen.has(n.id) && !n.read).length;
        return {
          items: page.items.map((n) => (seen.has(n.id) ? { ...n, read: true } : n)),
          unreadCount: Math.max(0, page.unreadCount - cleared),
        };
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey(userId) }),
  });
}
