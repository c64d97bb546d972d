/** Kinds of in-app notification (seed §3). */
export const NOTIFICATION_TYPES = [
  'shipped',
  'delivered',
  'payment_confirmed',
  'new_purchase',
  'new_message',
  'listing_favourited',
  'other',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The bell lists the latest 10 (seed §9); callers may ask for up to 50. */
export const DEFAULT_LIST_LIMIT = 10;
export const MAX_LIST_LIMIT = 50;
