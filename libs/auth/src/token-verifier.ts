import { createRemoteJWKSet, jwtVerify, errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import { AppError } from '@loadout/errors';
import { claimsToUser, type AuthUser } from './auth-user';
import { type SessionCheck, type SessionClaims } from './session-check';
import { VerifiedTokenCache } from './verified-token-cache';

export interface TokenVerifierOptions {
  /** Expected `iss`; tokens from any other issuer are refused. Unset = no tokens accepted. */
  issuer?: string;
  /** JWKS URL; when unset it is read from the issuer's discovery document. */
  jwksUrl?: string;
  /** Expected `aud`. Required with an issuer: without it no token is accepted. */
  audience?: string;
  /**
   * Identity's session state endpoint (`AUTH_SESSIONS_URL`): with it, tokens of ended sessions
   * are refused within the cache's staleness (ADR 0019). Unset = signature and expiry only.
   */
  sessionsUrl?: string;
}

/** A token whose signature, issuer, audience, expiry and type were checked. */
export interface SignedToken {
  user: AuthUser;
  session: SessionClaims;
}

/**
 * Only access tokens open the API. The embedded provider (oidc-provider, RFC 9068) marks them
 * in the header (`typ: at+jwt`); Keycloak marks them in the payload (`typ: Bearer`, while its
 * ID tokens say `ID` and refresh tokens `Refresh`). ID tokens of the embedded provider carry
 * no `typ` at all, so anything unmarked is refused too.
 */
export function isAccessToken(
  header: { typ?: unknown },
  payload: Record<string, unknown>,
): boolean {
  const headerType = typeof header.typ === 'string' ? header.typ.toLowerCase() : '';
  if (headerType === 'at+jwt' || headerType === 'application/at+jwt') return true;
  return payload['typ'] === 'Bearer';
}

const unauthenticated = (message: string) =>
  new AppError('AUTH.INVALID_TOKEN', message, 'unauthenticated');

/**
 * Verifies bearer access tokens against the configured issuer's JWKS (cached by jose), then asks
 * the session check (when configured) whether the token's session is still open. The two steps
 * are separate so a cache of verified signatures can sit in front of the first without skipping
 * the second.
 */
export class TokenVerifier {
  private keySet?: Promise<JWTVerifyGetKey>;
  private readonly verified = new VerifiedTokenCache();

  constructor(
    private readonly options: TokenVerifierOptions,
    private readonly sessions?: SessionCheck,
  ) {}

  async verify(token: string): Promise<AuthUser> {
    const signed = await this.verifySignature(token);
    await this.assertSessionOpen(signed.session);
    return signed.user;
  }

  /** Refuses a token of a session that ended (sign-out, password reset) before it expired. */
  async assertSessionOpen(session: SessionClaims): Promise<void> {
    if (this.sessions && !(await this.sessions.isOpen(session))) {
      throw new AppError(
        'AUTH.SESSION_ENDED',
        'You have signed out on this device or changed your password. Please sign in again.',
        'unauthenticated',
      );
    }
  }

  async verifySignature(token: string): Promise<SignedToken> {
    const { issuer, audience } = this.options;
    // Without an audience an ID token (aud = the browser's client) would pass: accept nothing.
    if (!issuer || !audience)
      throw new AppError(
        'AUTH.NOT_CONFIGURED',
        'Sign-in is not configured on this server.',
        'unauthenticated',
      );
    let keys: JWTVerifyGetKey;
    try {
      keys = await this.keys();
    } catch {
      this.keySet = undefined;
      throw new AppError(
        'AUTH.ISSUER_UNAVAILABLE',
        'The sign-in service is unavailable. Try again shortly.',
        'unavailable',
      );
    }
    try {
      const { payload, protectedHeader } =
        this.verified.get(token) ??
        this.verified.keep(
          token,
          await jwtVerify(token, keys, {
            issuer,
            audience,
            algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
          }),
        );
      if (!isAccessToken(protectedHeader, payload))
        throw unauthenticated('Only an access token opens the API; this is another kind of token.');
      const user = claimsToUser(payload as Record<string, unknown>);
      return { user, session: { sub: user.id, sid: payload['sid'], iat: payload.iat } };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof joseErrors.JWTExpired)
        throw unauthenticated('Your session has expired. Please sign in again.');
      throw unauthenticated('The access token is invalid.');
    }
  }

  private keys(): Promise<JWTVerifyGetKey> {
    this.keySet ??= this.resolveJwksUrl().then((url) =>
      createRemoteJWKSet(new URL(url), { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 }),
    );
    return this.keySet;
  }

  private async resolveJwksUrl(): Promise<string> {
    if (this.options.jwksUrl) return this.options.jwksUrl;
    const issuer = this.options.issuer!.replace(/\/$/, '');
    const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new Error(`discovery returned ${res.status}`);
    const doc = (await res.json()) as { jwks_uri?: string };
    if (!doc.jwks_uri) throw new Error('discovery document has no jwks_uri');
    return doc.jwks_uri;
  }
}

/** Extracts the token from an `Authorization: Bearer …` header value. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
  return match ? match[1]! : null;
}
