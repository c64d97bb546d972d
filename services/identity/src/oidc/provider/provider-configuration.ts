import type { Adapter, OidcContext, Provider, RefreshTokenLike } from 'oidc-provider';
import { WEB_CLIENT_ID, type IdentityConfig } from '../../identity.config';
import { profileToClaims } from '../../accounts/domain/token-claims';
import { isSuspended } from '../../accounts/domain/suspension';
import { type UserEntity } from '../../accounts/persistence/user.entity';
import { sessionIdOfGrant } from '../../sessions/domain/session-id';
import { type ProviderKeys } from '../persistence/oidc-key.store';
import { type RefreshResults } from '../persistence/refresh-results';
import { refreshGraceMiddleware } from '../refresh-grace/refresh-grace.middleware';
import { logoutSource, postLogoutSuccessSource, renderError } from './provider-pages';
import { jwtShapedTokenId } from './refresh-token-id';
import { loadOidcProvider } from './load-oidc-provider';

/** The CSP of the provider's own pages; it adds `'sha256-…'` of its inline script itself. */
export const PROVIDER_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** Lifetimes of ADR 0006. */
export const TTL = {
  AccessToken: 5 * MINUTE,
  IdToken: 5 * MINUTE,
  AuthorizationCode: MINUTE,
  Interaction: 60 * MINUTE,
  RefreshToken: 30 * DAY,
  Session: 30 * DAY,
  Grant: 30 * DAY,
} as const;

/** Scopes granted at sign-in; the API resource carries the same ones. */
export const GRANTED_SCOPES = 'openid profile email';

export interface ProviderDeps {
  config: Pick<IdentityConfig, 'PUBLIC_URL' | 'OIDC_ISSUER' | 'OIDC_EXTRA_CLIENTS'>;
  keys: ProviderKeys;
  adapter: new (model: string) => Adapter;
  refreshResults: RefreshResults;
  findUser(id: string): Promise<UserEntity | null>;
}

/** The audience of access tokens: every Loadout API behind the gateway. */
export const apiResource = (publicUrl: string) => `${publicUrl}/api`;

const active = (u: UserEntity | null): u is UserEntity => !!u && !u.deletedAt && !isSuspended(u);

export async function createOidcProvider(deps: ProviderDeps): Promise<Provider> {
  const { Provider, errors } = await loadOidcProvider();
  const { PUBLIC_URL: publicUrl, OIDC_ISSUER: issuer } = deps.config;
  const resource = apiResource(publicUrl);
  const publicOrigin = new URL(publicUrl).origin;

  const webClient = {
    client_id: WEB_CLIENT_ID,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [`${publicUrl}/`, `${publicUrl}/silent-check-sso.html`],
    post_logout_redirect_uris: [`${publicUrl}/`],
  };

  const provider = new Provider(issuer, {
    adapter: deps.adapter,
    clients: [webClient, ...(deps.config.OIDC_EXTRA_CLIENTS ?? [])],
    jwks: { keys: deps.keys.jwks },
    cookies: {
      keys: deps.keys.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    // Like Keycloak: profile and email claims in the ID token too, not only at userinfo.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    clientDefaults: { id_token_signed_response_alg: 'RS256' },
    ttl: TTL,
    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // Access tokens are JWTs for the API resource; oidc-provider does not accept those at
      // userinfo, so it is off rather than advertised and unusable (claims are in the tokens).
      userinfo: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: OidcContext, indicator: string) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: GRANTED_SCOPES,
            audience: resource,
            accessTokenTTL: TTL.AccessToken,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource,
        postLogoutSuccessSource: postLogoutSuccessSource(publicUrl),
      },
    },
    interactions: {
      url: (_ctx: OidcContext, interaction: { uid: string }) => `/auth?uid=${interaction.uid}`,
    },
    // Refresh without offline_access: the browser keeps its session by refreshing (keycloak-js).
    issueRefreshToken: (
      _ctx: OidcContext,
      client: { grantTypeAllowed(type: string): boolean },
      code: { scopes: Set<string> },
    ) => client.grantTypeAllowed('refresh_token') && code.scopes.has('openid'),
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx: OidcContext, origin: string) => origin === publicOrigin,
    renderError: renderError(publicUrl),
    async findAccount(_ctx: OidcContext, sub: string) {
      const user = await deps.findUser(sub);
      if (!active(user)) return undefined;
      return {
        accountId: user.id,
        claims: async () => {
          const { realm_access: _roles, ...claims } = profileToClaims(claimsSource(user));
          return { sub: user.id, ...claims };
        },
      };
    },
    // Roles are read here, each time a token is issued (sign-in or refresh).
    // `sid` names the grant (one signed-in browser): token checks refuse it once it ends (ADR 0019).
    async extraTokenClaims(
      _ctx: OidcContext,
      token: { accountId?: string; kind: string; grantId?: string },
    ) {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const user = await deps.findUser(token.accountId);
      if (!active(user)) return undefined;
      return {
        ...profileToClaims(claimsSource(user)),
        ...(token.grantId ? { sid: sessionIdOfGrant(token.grantId) } : {}),
      };
    },
  });
  provider.proxy = true;
  // The provider's own HTML (its form_post pages: the sign-out of a session that no longer
  // exists — a deleted account's, ADR 0039 — or one revoked meanwhile) carries an inline script
  // it allows by adding the script's hash to the response's CSP: give it a strict one to add
  // to. Our pages (provider-pages.ts) set their own.
  provider.use(async (ctx, next) => {
    ctx.set('content-security-policy', PROVIDER_PAGE_CSP);
    await next();
  });
  provider.use(refreshGraceMiddleware(deps.refreshResults));

  provider.RefreshToken.prototype.generateTokenId = function (this: RefreshTokenLike) {
    return jwtShapedTokenId({
      accountId: this.accountId,
      clientId: this.clientId,
      expiresIn: this.expiration,
    });
  };
  return provider;
}

function claimsSource(user: UserEntity) {
  return {
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
    username: user.username,
    fullName: user.fullName,
    role: user.role,
  };
}
