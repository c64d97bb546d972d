import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emailPreferencesKeys,
  fetchEmailPreferences,
  updateEmailPreferences,
} from './email-preferences.api';

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
