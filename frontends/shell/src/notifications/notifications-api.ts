import { apiFetch, isSafeRedirect } from '@loadout/web';

export type NotificationType =
  'shipped' | 'delivered' | 'payment_confirmed' | 'new_purchase' | 'other' | (string & {});

/** One notification as `GET /api/v1/notifications` lists it (seed §3). */
export interface NotificationItem {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  created_at: string;
  navigateTo?: string | null;
  /** A message it stands for asks for payment outside Loadout (the bell and toast warn). */
  offPlatformWarning?: boolean;
}

export interface NotificationsPage {
  items: NotificationItem[];
  unreadCount: number;
}

/** Seed §9: the dropdown lists the latest 10. */
export const NOTIFICATIONS_LIMIT = 10;
/** Seed §9: refreshed every 30 seconds. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

export const notificationsKey = (userId: string | null) => ['notifications', userId] as const;

function parsePage(value: unknown): NotificationsPage {
  const v = (value ?? {}) as { items?: unknown; unreadCount?: unknown };
  const items = Array.isArray(v.items)
    ? (v.items as NotificationItem[]).filter(
        (n) => typeof n?.id === 'string' && typeof n.title === 'string',
      )
    : [];
  const unreadCount =
    typeof v.unreadCount === 'number' ? v.unreadCount : items.filter((n) => !n.read).length;
  return { items, unreadCount };
}

export async function fetchNotifications(): Promise<NotificationsPage> {
  return parsePage(
    await apiFetch<unknown>('notifications', { query: { limit: NOTIFICATIONS_LIMIT } }),
  );
}

export function markNotificationRead(id: string): Promise<unknown> {
  return apiFetch(`notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

/** The opened bell showed these: marked read on the server (`{ count }` unread afterwards). */
export function markNotificationsSeen(ids: string[]): Promise<unknown> {
  return apiFetch('notifications/seen', { method: 'POST', json: { ids } });
}

export function markAllNotificationsRead(): Promise<unknown> {
  return apiFetch('notifications/read-all', { method: 'POST' });
}

/** The in-app path a notification leads to, when it has a usable one. */
export function notificationTarget(item: NotificationItem): string | null {
  return isSafeRedirect(item.navigateTo) ? item.navigateTo : null;
}
