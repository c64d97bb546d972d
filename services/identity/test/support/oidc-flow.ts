import { Browser } from './browser';
import { TEST_CLIENT } from './identity-app';

type OpenIdClient = typeof import('openid-client');
export type RelyingParty = { oidc: OpenIdClient; config: import('openid-client').Configuration };
export type Tokens = Awaited<ReturnType<OpenIdClient['authorizationCodeGrant']>>;

/** openid-client as an OpenID Connect client other than our frontend (discovery over http). */
export async function relyingParty(issuer: string): Promise<RelyingParty> {
  const oidc = await import('openid-client');
  const config = await oidc.discovery(
    new URL(issuer),
    TEST_CLIENT.client_id,
    { token_endpoint_auth_method: 'none' },
    oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
  return { oidc, config };
}

export interface PendingSignIn {
  uid: string;
  base: string;
  finish(redirectTo: string): Promise<Tokens>;
}

/** Starts an authorization-code + PKCE request; the browser lands on the account page `/auth?uid=`. */
export async function startSignIn(rp: RelyingParty, browser: Browser): Promise<PendingSignIn> {
  const { oidc, config } = rp;
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: TEST_CLIENT.redirect_uris[0]!,
    scope: 'openid profile email',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  const start = await browser.request(url.href);
  if (start.status !== 303 || !start.location) {
    throw new Error(`authorization request answered ${start.status}: ${start.text}`);
  }
  const page = new URL(start.location);
  expect(page.pathname).toBe('/auth');
  return {
    uid: page.searchParams.get('uid')!,
    base: page.origin,
    async finish(redirectTo: string) {
      const resumed = await browser.request(redirectTo);
      if (!resumed.location?.startsWith(TEST_CLIENT.redirect_uris[0]!)) {
        throw new Error(`resume answered ${resumed.status} ${resumed.location}: ${resumed.text}`);
      }
      return oidc.authorizationCodeGrant(config, new URL(resumed.location), {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
      });
    },
  };
}

export function postLogin(
  browser: Browser,
  pending: PendingSignIn,
  credentials: { email: string; password: string },
) {
  return browser.request(`${pending.base}/auth/interaction/${pending.uid}/login`, {
    json: { email: credentials.email, password: credentials.password },
  });
}

/** The whole sign-in: authorization request, the account page's login call, code for tokens. */
export async function signIn(
  rp: RelyingParty,
  credentials: { email: string; password: string },
  browser = new Browser(),
): Promise<Tokens> {
  const pending = await startSignIn(rp, browser);
  const login = await postLogin(browser, pending, credentials);
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${login.text}`);
  return pending.finish(login.json<{ redirectTo: string }>().redirectTo);
}
