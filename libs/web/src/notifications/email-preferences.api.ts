import { apiFetch } from '../api-client';

/** `GET/PUT /api/v1/notifications/preferences` (notifications service). */
export interface EmailPreferences {
  /** Order and security email cannot be turned off. */
  orders: true;
  security: true;
  messages: boolean;
  favourites: boolean;
  locked: string[];
}

export type EmailPreferencesUpdate = Partial<Pick<EmailPreferences, 'messages' | 'favourites'>>;

export const emailPreferencesKeys = {
  mine: (userId: string | null) => ['notifications', 'email-preferences', userId] as const,
};

export const fetchEmailPreferences = (opts: { signal?: AbortSignal } = {}) =>
  apiFetch<EmailPreferences>('notifications/preferences', opts);

export const updateEmailPreferences = (update: EmailPreferencesUpdate) =>
  apiFetch<EmailPreferences>('notifications/preferences', { method: 'PUT', json: update });
