/** Kinds of in-app notification (seed §3, plus the marketplace's own). */
export const NOTIFICATION_TYPES = [
  'shipped',
  'delivered',
  'payment_confirmed',
  'new_purchase',
  'new_message',
  'listing_favourited',
  'dispute',
  'offer',
  'delivery_reminder',
  'order_cancelled',
  'order_refunded',
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

/** `GET /api/v1/notifications/preferences`: which emails the user gets. */
export interface EmailPreferences {
  /** Order and security email cannot be turned off. */
  orders: true;
  security: true;
  messages: boolean;
  favourites: boolean;
  /** The kinds that cannot be turned off (`orders`, `security`). */
  locked: string[];
}

/** What a client changes: the kinds that can be turned off. */
export type EmailPreferencesUpdate = Partial<Pick<EmailPreferences, 'messages' | 'favourites'>>;

/**
 * What `PUT /api/v1/notifications/preferences` accepts: `orders`/`security` only as `true`
 * (a `false` is refused with a clear message, never ignored).
 */
export interface EmailPreferencesInput extends EmailPreferencesUpdate {
  orders?: boolean;
  security?: boolean;
}

/** The dev mailbox (`DEV_MAILBOX=1` only): messages to one address. */
export interface MailboxMessagesQuery {
  to?: string;
}

/** The dev mailbox's HTML page: also how often it reloads itself (seconds). */
export interface MailboxPageQuery extends MailboxMessagesQuery {
  refresh?: number;
}

/** One email caught by the dev mailbox. */
export interface MailboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  createdAt: string;
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
