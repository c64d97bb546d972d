/** Kinds of in-app notification (seed §3, plus the marketplace's own). */
export const NOTIFICATION_TYPES = [
  'shipped',
  'delivered',
  'payment_confirmed',
  'new_purchase',
  'new_message',
  'listing_favourited',
  'dispute',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The bell lists the latest 10 (seed §9); callers may ask for up to 50. */
export const NOTIFICATION_LIST_LIMITS: { readonly default: number; readonly max: number } = {
  default: 10,
  max: 50,
};

/** `GET /api/v1/notifications?limit=` */
export interface ListNotificationsQuery {
  limit?: number;
}

/** One notification as the bell shows it (seed §3 field names, hence `created_at`). */
export interface NotificationDto {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: boolean;
  created_at: string;
  /** In-app path to open on click. */
  navigateTo: string | null;
  /** A message it stands for asks for payment outside Loadout: show OFF_PLATFORM_WARNING_TEXT. */
  offPlatformWarning: boolean;
}

/** `GET /api/v1/notifications`: newest first. */
export interface NotificationListResponse {
  items: NotificationDto[];
  unreadCount: number;
}

// `GET /api/v1/notifications/unread-count` answers `UnreadCountResponse` (./messaging).

/**
 * `POST /api/v1/notifications/seen`: the bell was opened showing these notifications; they are
 * marked read (ids that are not the caller's, or unknown, are ignored). Answers the unread count.
 */
export interface MarkNotificationsSeenRequest {
  ids: string[];
}
