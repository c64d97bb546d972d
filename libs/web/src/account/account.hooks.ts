// React Query hooks over the account API (`account.api.ts`) and the provider config.
import { type OwnProfile } from '@loadout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  accountKeys,
  fetchOwnProfile,
  fetchPublicProfile,
  updateOwnProfile,
  verifyEmail,
} from './account.api';
import { authConfigKey, getAuthConfig } from './auth-config.api';

/** The provider mode; the config does not change while the page lives. */
export function useAuthConfig() {
  return useQuery({ queryKey: authConfigKey, queryFn: getAuthConfig, staleTime: Infinity });
}

/**
 * Verifies an email token. A query (not a mutation) so the POST is made once per token even
 * when the page mounts twice (StrictMode, remounts by the shell); never refetched.
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: accountKeys.verifyEmail(token),
    queryFn: () => verifyEmail(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useOwnProfile(enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.me,
    queryFn: ({ signal }) => fetchOwnProfile(signal),
    enabled,
  });
}

/**
 * `onUpdated` runs with the mutation (not the component that called `mutate`), so it still runs
 * when the edit form remounts with the saved profile.
 */
export function useUpdateProfile(onUpdated?: (profile: OwnProfile) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateOwnProfile,
    // A failed update is shown to the user as it is; retrying a PATCH would only repeat it.
    retry: false,
    onSuccess: (profile) => {
      client.setQueryData(accountKeys.me, profile);
      void client.invalidateQueries({ queryKey: ['account', 'user'] });
      onUpdated?.(profile);
    },
  });
}

export function usePublicProfile(username: string) {
  return useQuery({
    queryKey: accountKeys.user(username),
    queryFn: ({ signal }) => fetchPublicProfile(username, signal),
  });
}
