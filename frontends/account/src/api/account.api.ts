import { apiFetch } from '@loadout/web';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MessageResponse,
  type OwnProfile,
  type ProfileUpdate,
  type PublicProfile,
  type SignUpRequest,
  type SignUpResponse,
  type VerifyEmailResponse,
} from '@loadout/contracts';
import { getInteraction } from './interaction';

export const accountKeys = {
  me: ['account', 'me'] as const,
  user: (username: string) => ['account', 'user', username.toLowerCase()] as const,
  interaction: (uid: string) => ['account', 'interaction', uid] as const,
  verifyEmail: (token: string) => ['account', 'verify-email', token] as const,
};

export const signUp = (body: SignUpRequest) =>
  apiFetch<SignUpResponse>('/api/v1/auth/sign-up', { method: 'POST', json: body });

export const resendVerification = (body: { email: string; password: string }) =>
  apiFetch<MessageResponse>('/api/v1/auth/resend-verification', { method: 'POST', json: body });

export const requestPasswordReset = (email: string) =>
  apiFetch<MessageResponse>('/api/v1/auth/password-reset', { method: 'POST', json: { email } });

export const confirmPasswordReset = (body: { token: string; password: string }) =>
  apiFetch<MessageResponse>('/api/v1/auth/password-reset/confirm', { method: 'POST', json: body });

/** Whether the provider's sign-in interaction is still alive (404 when it expired). */
export function useInteraction(uid: string) {
  return useQuery({
    queryKey: accountKeys.interaction(uid),
    queryFn: ({ signal }) => getInteraction(uid, signal),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Verifies an email token. A query (not a mutation) so the POST is made once per token even
 * when the page mounts twice (StrictMode, remounts by the shell); never refetched.
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: accountKeys.verifyEmail(token),
    queryFn: () =>
      apiFetch<VerifyEmailResponse>('/api/v1/auth/verify-email', {
        method: 'POST',
        json: { token },
      }),
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
    queryFn: ({ signal }) => apiFetch<OwnProfile>('/api/v1/me', { signal }),
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
    mutationFn: (update: ProfileUpdate) =>
      apiFetch<OwnProfile>('/api/v1/me', { method: 'PATCH', json: update }),
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
    queryFn: ({ signal }) =>
      apiFetch<PublicProfile>(`/api/v1/users/${encodeURIComponent(username)}`, { signal }),
  });
}
