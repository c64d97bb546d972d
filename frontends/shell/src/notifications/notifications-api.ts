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

export function markAllNotificationsRead(): Promise<unknown> {
  return apiFetch('notifications/read-all', { method: 'POST' });
}

/** The in-app path a notification leads to, when it has a usable one. */
export function notificationTarget(item: NotificationItem): string | null {
  return isSafeRedirect(item.navigateTo) ? item.navigateTo : null;
}

/** localStorage key of the ids already shown as toasts (seed §9, per user). */
export const shownToastsKey = (userId: string) => `shownNotificationToasts_${userId}`;

const MAX_REMEMBERED = 200;

export function readShownToasts(userId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(shownToastsKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberShownToast(userId: string, id: string): void {
  try {
    const ids = [...readShownToasts(userId).filter((known) => known !== id), id];
    localStorage.setItem(shownToastsKey(userId), JSON.stringify(ids.slice(-MAX_REMEMBERED)));
  } catch {
    // Storage full or disabled: the toast may show again, nothing worse.
  }
}
