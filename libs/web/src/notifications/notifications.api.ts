// The notifications service's inbox API (the bell): one client in @loadout/web (issue 29 item 5),
// typed by the contract (`NotificationDto`, `NotificationListResponse`).
import {
  type NotificationDto,
  type NotificationListResponse,
  NOTIFICATION_LIST_LIMITS,
} from '@loadout/contracts';
import { apiFetch } from '../api-client';
import { isSafeRedirect } from '../session-controller';

/** Seed §9: the dropdown lists the latest 10. */
export const NOTIFICATIONS_LIMIT = NOTIFICATION_LIST_LIMITS.default;
/** Seed §9: refreshed every 30 seconds. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

/** The bell's entry (invalidating it leaves the email preferences, ['notifications', 'email-preferences', …], alone). */
export const notificationsKey = (userId: string | null) => ['notifications', userId] as const;

/** A page kept to what the bell can show: items without an id or a title are dropped. */
function parsePage(value: unknown): NotificationListResponse {
  const v = (value ?? {}) as { items?: unknown; unreadCount?: unknown };
  const items = Array.isArray(v.items)
    ? (v.items as NotificationDto[]).filter(
        (n) => typeof n?.id === 'string' && typeof n.title === 'string',
      )
    : [];
  const unreadCount =
    typeof v.unreadCount === 'number' ? v.unreadCount : items.filter((n) => !n.read).length;
  return { items, unreadCount };
}

export async function fetchNotifications(): Promise<NotificationListResponse> {
  return parsePage(
    await apiFetch<unknown>('/api/v1/notifications', { query: { limit: NOTIFICATIONS_LIMIT } }),
  );
}

export function markNotificationRead(id: string): Promise<unknown> {
  return apiFetch(`/api/v1/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

/** The opened bell showed these: marked read on the server (`{ count }` unread afterwards). */
export function markNotificationsSeen(ids: string[]): Promise<unknown> {
  return apiFetch('/api/v1/notifications/seen', { method: 'POST', json: { ids } });
}

export function markAllNotificationsRead(): Promise<unknown> {
  return apiFetch('/api/v1/notifications/read-all', { method: 'POST' });
}

/** The in-app path a notification leads to, when it has a usable one. */
export function notificationTarget(item: Pick<NotificationDto, 'navigateTo'>): string | null {
  return isSafeRedirect(item.navigateTo) ? item.navigateTo : null;
}
