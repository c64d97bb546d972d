// The identity service's account API (sign-up, verification, password reset, own and public
// profiles): one client in @loadout/web (issue 29 item 5), used by the account remote.
import { apiFetch } from '../api-client';
import {
  type MessageResponse,
  type OwnProfile,
  type ProfileUpdate,
  type PublicProfile,
  type SignUpRequest,
  type SignUpResponse,
  type VerifyEmailResponse,
} from '@loadout/contracts';

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

export const verifyEmail = (token: string) =>
  apiFetch<VerifyEmailResponse>('/api/v1/auth/verify-email', { method: 'POST', json: { token } });

export const fetchOwnProfile = (signal?: AbortSignal) =>
  apiFetch<OwnProfile>('/api/v1/me', { signal });

export const updateOwnProfile = (update: ProfileUpdate) =>
  apiFetch<OwnProfile>('/api/v1/me', { method: 'PATCH', json: update });

export const fetchPublicProfile = (username: string, signal?: AbortSignal) =>
  apiFetch<PublicProfile>(`/api/v1/users/${encodeURIComponent(username)}`, {
    signal,
    publicRead: true,
  });
