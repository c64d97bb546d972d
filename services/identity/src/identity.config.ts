import { loadConfig, portVar, serviceEnv, z } from '@loadout/config';

/** The browser's public client (keycloak-js in the shell), in both identity modes. */
export const WEB_CLIENT_ID = 'loadout-web';
export const IDENTITY_SCHEMA = 'identity';
/** Identity's internal session state endpoint (`GET <path>/{userId}`), never routed by the gateway. */
export const SESSION_STATE_PATH = '/internal/sessions';
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

/** Another service's base URL (service to service, never through the gateway). */
const serviceUrl = z
  .url({ message: 'must be a URL' })
  .optional()
  .transform((u) => u?.replace(/\/+$/, ''));

const origin = z
  .url({ message: 'must be a URL' })
  .transform((u) => u.replace(/\/+$/, ''))
  .refine((u) => /^https?:\/\//.test(u), 'must be an http(s) URL');

/** Test-only OIDC clients: a JSON array of client metadata objects (`client_id`, `redirect_uris`…). */
const extraClients = z
  .string()
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of client metadata' });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(
      z.looseObject({ client_id: z.string().min(1), redirect_uris: z.array(z.string()).min(1) }),
    ),
  );

export const identityEnv = serviceEnv
  .extend({
    PORT: portVar(3001),
    /** The gateway's origin as the browser sees it; issuer and mail links are built on it. */
    PUBLIC_URL: origin.default('http://localhost:8080'),
    IDENTITY_PROVIDER: z.enum(['embedded', 'keycloak']).default('embedded'),
    /** Keycloak's base URL as the browser reaches it (keycloak mode). */
    KEYCLOAK_URL: origin.optional(),
    KEYCLOAK_REALM: z.string().min(1).default('loadout'),
    /**
     * Keycloak mode, account deletion (ADR 0039): identity deletes the user in the realm through
     * the admin REST API as the confidential client `KEYCLOAK_ADMIN_CLIENT_ID` (its service
     * account holds realm-management `manage-users`). KEYCLOAK_ADMIN_URL is Keycloak as identity
     * reaches it (default KEYCLOAK_URL). Without the secret the deletions wait, retried, and
     * production refuses to start.
     */
    KEYCLOAK_ADMIN_URL: serviceUrl,
    KEYCLOAK_ADMIN_CLIENT_ID: z.string().min(1).default('loadout-identity'),
    KEYCLOAK_ADMIN_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_EXTRA_CLIENTS: extraClients.optional(),
    /**
     * GDPR self-service (ADR 0039): identity gathers "Download my data" from each service's
     * `internal/users/{id}/export` with the caller's token, and asks orders whether anything
     * blocks a deletion. Unset = that service's part of the archive is marked unavailable;
     * without ORDERS_URL a deletion is refused (it cannot be checked).
     */
    LISTINGS_URL: serviceUrl,
    ORDERS_URL: serviceUrl,
    MESSAGING_URL: serviceUrl,
    NOTIFICATIONS_URL: serviceUrl,
    ADMIN_URL: serviceUrl,
  })
  .superRefine((env, ctx) => {
    if (env.IDENTITY_PROVIDER === 'keycloak' && !env.KEYCLOAK_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['KEYCLOAK_URL'],
        message: 'is required when IDENTITY_PROVIDER=keycloak',
      });
    }
    if (
      env.IDENTITY_PROVIDER === 'keycloak' &&
      env.NODE_ENV === 'production' &&
      !env.KEYCLOAK_ADMIN_CLIENT_SECRET
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['KEYCLOAK_ADMIN_CLIENT_SECRET'],
        message:
          'is required when IDENTITY_PROVIDER=keycloak in production (a deleted account must be deleted in Keycloak)',
      });
    }
    if (env.OIDC_EXTRA_CLIENTS && env.NODE_ENV === 'production') {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_EXTRA_CLIENTS'],
        message: 'is for tests only and refused when NODE_ENV=production',
      });
    }
  })
  .transform((env) => {
    const keycloakIssuer = env.KEYCLOAK_URL
      ? `${env.KEYCLOAK_URL}/realms/${encodeURIComponent(env.KEYCLOAK_REALM)}`
      : undefined;
    const embedded = env.IDENTITY_PROVIDER === 'embedded';
    return {
      ...env,
      KEYCLOAK_ADMIN_URL: env.KEYCLOAK_ADMIN_URL ?? env.KEYCLOAK_URL,
      /** Issuer of the embedded provider (`${PUBLIC_URL}/oidc`). */
      OIDC_ISSUER: `${env.PUBLIC_URL}/oidc`,
      // Identity checks tokens like every service: against its own provider (keys fetched
      // directly over loopback) or against the Keycloak realm.
      AUTH_ISSUER: env.AUTH_ISSUER ?? (embedded ? `${env.PUBLIC_URL}/oidc` : keycloakIssuer),
      AUTH_JWKS_URL:
        env.AUTH_JWKS_URL ?? (embedded ? `http://127.0.0.1:${env.PORT}/oidc/jwks` : undefined),
      // The embedded provider's access tokens are for `${PUBLIC_URL}/api` (apiResource).
      AUTH_AUDIENCE: env.AUTH_AUDIENCE ?? (embedded ? `${env.PUBLIC_URL}/api` : undefined),
      // Its own session state over loopback, like every service asks it (ADR 0019).
      AUTH_SESSIONS_URL:
        env.AUTH_SESSIONS_URL ?? `http://127.0.0.1:${env.PORT}${SESSION_STATE_PATH}`,
    };
  });

export type IdentityConfig = ReturnType<typeof loadIdentityConfig>;

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(identityEnv, env);
