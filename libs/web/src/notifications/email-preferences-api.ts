import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

export function useEmailPreferences(userId: string | null) {
  return useQuery({
    queryKey: emailPreferencesKeys.mine(userId),
    queryFn: ({ signal }) => fetchEmailPreferences({ signal }),
    enabled: userId !== null,
  });
}

/** Saves the change and puts the server's answer in the cache. */
export function useUpdateEmailPreferences(userId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (saved) => client.setQueryData(emailPreferencesKeys.mine(userId), saved),
  });
}
