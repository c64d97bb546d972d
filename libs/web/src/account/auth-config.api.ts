import { type AuthConfig } from '@loadout/contracts';
import { apiFetch } from '../api-client';

/** `GET /api/v1/auth/config`: which provider holds the accounts (ADR 0006). */
export type { AuthConfig };

export const authConfigKey = ['account', 'auth-config'] as const;

export const getAuthConfig = () => apiFetch<AuthConfig>('/api/v1/auth/config');

/**
 * Keycloak's own "forgot password" flow for our client (identity's reset routes answer 404 in
 * Keycloak mode): Keycloak mails the link and sends the user back to the client afterwards.
 */
export function keycloakResetCredentialsUrl(config: Extract<AuthConfig, { mode: 'keycloak' }>) {
  const base = config.url.replace(/\/$/, '');
  return `${base}/realms/${encodeURIComponent(config.realm)}/login-actions/reset-credentials?client_id=${encodeURIComponent(config.clientId)}`;
}
