import { createHash, randomBytes } from 'node:crypto';

/** The demo accounts `npm start` seeds (services/identity/src/seed/demo-users.ts). */
export const DEMO_PASSWORD = 'loadout-demo-2026';
export const DEMO = {
  buyer: 'demo.buyer@example.com',
  seller: 'demo.seller@example.com',
  admin: 'demo.admin@example.com',
} as const;

/** The browser's OIDC client of the embedded provider (identity's WEB_CLIENT_ID). */
const CLIENT_ID = 'loadout-web';

/** A minimal cookie jar for one host: what a browser keeps between the provider's redirects. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq > 0) this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** What the token endpoint answers at sign-in (and at each refresh). */
export interface TokenSet {
  access_token: string;
  refresh_token?: string;
  id_token?: string;
}

/** A signed-in "browser": its tokens, and requests that carry its cookies (the provider session). */
export interface BrowserSession {
  tokens: TokenSet;
  request(url: string, init?: RequestInit): Promise<Response>;
}

/**
 * Signs in as a browser does, without one: the authorization-code + PKCE flow of the embedded
 * provider through the gateway (authorization request, the account page's login call, the
 * redirects back, the code for tokens). Returns the access token for the API resource.
 */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  return (await signInBrowser(base, email, password)).tokens.access_token;
}

/** The same sign-in, keeping the browser's cookies and the whole token set (refresh, ID). */
export async function signInBrowser(
  base: string,
  email: string,
  password: string,
): Promise<BrowserSession> {
  const jar = new CookieJar();
  const request = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(new URL(url, base), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(res);
    return res;
  };
  const redirectUri = `${base}/`;
  const verifier = b64url(randomBytes(32));
  const challenge = b64url(createHash('sha256').update(verifier).digest());
  const auth = new URL(`${base}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: b64url(randomBytes(8)),
    nonce: b64url(randomBytes(8)),
  }).toString();
  const start = await request(auth.href);
  const page = new URL(start.headers.get('location') ?? '', base);
  const uid = page.searchParams.get('uid');
  if (!uid) throw new Error(`authorization request answered ${start.status} ${page.href}`);
  const login = await request(`/auth/interaction/${uid}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200)
    throw new Error(`login answered ${login.status}: ${await login.text()}`);
  let next = ((await login.json()) as { redirectTo: string }).redirectTo;
  let code: string | null = null;
  for (let hop = 0; hop < 10 && !code; hop++) {
    const res = await request(next);
    await res.arrayBuffer();
    const location = res.headers.get('location');
    if (!location) throw new Error(`sign-in redirect ${next} answered ${res.status}`);
    const url = new URL(location, base);
    if (url.href.startsWith(redirectUri)) code = url.searchParams.get('code');
    next = url.href;
  }
  if (!code) throw new Error(`no authorization code after the redirects (last ${next})`);
  const token = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await token.json()) as Partial<TokenSet>;
  if (!body.access_token) throw new Error(`token endpoint answered ${token.status}`);
  return { tokens: body as TokenSet, request };
}

/** Redeems a refresh token at the provider's token endpoint, as keycloak-js does. */
export async function refresh(
  base: string,
  refreshToken: string,
): Promise<{ status: number; body: Partial<TokenSet> & { error?: string } }> {
  const res = await fetch(`${base}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
      client_id: CLIENT_ID,
    }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Partial<TokenSet> };
}

/**
 * Signs out as the shell does in embedded mode: RP-initiated logout with the ID token, then the
 * provider's own confirmation form (auto-submitted in a browser), with the browser's cookies.
 */
export async function signOutBrowser(base: string, session: BrowserSession): Promise<void> {
  const end = new URL(`${base}/oidc/session/end`);
  end.search = new URLSearchParams({
    id_token_hint: session.tokens.id_token ?? '',
    post_logout_redirect_uri: `${base}/`,
  }).toString();
  const page = await (await session.request(end.href)).text();
  const action = /action="([^"]+)"/.exec(page)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)?.[1];
  if (!action || !xsrf) throw new Error(`no logout form: ${page.slice(0, 200)}`);
  const confirm = await session.request(new URL(action, base).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  await confirm.arrayBuffer();
  if (confirm.status >= 400) throw new Error(`logout confirmation answered ${confirm.status}`);
}

/**
 * A fresh, verified account that owns nothing: the "another user" of the access matrix.
 * Signs up through the API and follows the link from the dev mailbox (`DEV_MAILBOX=on`).
 */
export async function signUpVerified(
  base: string,
  notificationsUrl: string,
  email: string,
  password: string,
): Promise<void> {
  const username = `stranger_${randomBytes(3).toString('hex')}`;
  const res = await fetch(`${base}/api/v1/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      username,
      fullName: 'Stranger Example',
      sellerType: 'private',
      over18: true,
      acceptTerms: true,
      acceptPrivacy: true,
    }),
  });
  if (res.status >= 300) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  for (let attempt = 0; attempt < 150; attempt++) {
    const mail = (await (
      await fetch(`${notificationsUrl}/dev/mailbox/messages?to=${encodeURIComponent(email)}`)
    ).json()) as Array<{ text?: string; html?: string }>;
    const text = mail.map((m) => `${m.text ?? ''} ${m.html ?? ''}`).join(' ');
    const token = /[?&]token=([A-Za-z0-9_\-.%]+)/.exec(text)?.[1];
    if (token) {
      const verify = await fetch(`${base}/api/v1/auth/verify-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: decodeURIComponent(token) }),
      });
      if (verify.status >= 300)
        throw new Error(`verify-email answered ${verify.status}: ${await verify.text()}`);
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail for ${email}`);
}
