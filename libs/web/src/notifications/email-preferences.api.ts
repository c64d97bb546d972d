import { type EmailPreferences, type EmailPreferencesUpdate } from '@loadout/contracts';
import { apiFetch } from '../api-client';

/** `GET/PUT /api/v1/notifications/preferences` (notifications service): the contract's types. */
export type { EmailPreferences, EmailPreferencesUpdate };

export const emailPreferencesKeys = {
  mine: (userId: string | null) => ['notifications', 'email-preferences', userId] as const,
};

export const fetchEmailPreferences = (opts: { signal?: AbortSignal } = {}) =>
  apiFetch<EmailPreferences>('notifications/preferences', opts);

export const updateEmailPreferences = (update: EmailPreferencesUpdate) =>
  apiFetch<EmailPreferences>('notifications/preferences', { method: 'PUT', json: update });
