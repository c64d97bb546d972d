import 'reflect-metadata';
import { startTestIssuer } from '@loadout/auth/testing';
import { EMAIL_NOT_VERIFIED_MESSAGE } from '../src/accounts/domain/account.errors';
import { decodeTokenPayload } from '../src/oidc/provider/refresh-token-id';
import { buildSignUp } from './factories/sign-up.factory';
import { Browser } from './support/browser';
import { type OwnProfile } from '../src/accounts/persistence/user.mapper';
import { useIdentityApp } from './support/identity-harness';
import { postLogin, signIn, startSignIn } from './support/oidc-flow';

describe('sign-in through the embedded provider', () => {
  const t = useIdentityApp();
  const { call, signUpAndVerify, freshIp } = t;

  it('signs in with openid-client (PKCE), issuing a Keycloak-shaped JWT every service accepts', async () => {
    const user = await signUpAndVerify();
    const tokens = await signIn(t.rp, user);

    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBe(300);
    const header = JSON.parse(
      Buffer.from(tokens.access_token.split('.')[0]!, 'base64url').toString(),
    );
    expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const claims = decodeTokenPayload(tokens.access_token);
    expect(claims).toMatchObject({
      iss: t.identity.config.OIDC_ISSUER,
      sub: user.id,
      aud: `${t.base}/api`,
      email: user.email,
      email_verified: true,
      preferred_username: user.username,
      name: user.fullName,
      realm_access: { roles: ['user'] },
    });

    expect(await t.verifier.verify(tokens.access_token)).toEqual({
      id: user.id,
      email: user.email,
      emailVerified: true,
      username: user.username,
      name: user.fullName,
      roles: ['user'],
    });

    // The ID token carries the profile claims too (no userinfo endpoint: see README).
    expect(tokens.claims()).toMatchObject({
      sub: user.id,
      email: user.email,
      preferred_username: user.username,
    });
    expect(t.rp.config.serverMetadata().userinfo_endpoint).toBeUndefined();

    const me = await call<OwnProfile>('/api/v1/me', { token: tokens.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: user.id,
      email: user.email,
      username: user.username,
      displayName: user.username,
      fullName: user.fullName,
      bio: '',
      location: '',
      county: null,
      sellerType: 'private',
      isVerified: true,
      role: 'user',
    });
  });

  it('makes refresh tokens JWT-shaped (keycloak-js decodes them), rotates them, and revokes the grant on reuse', async () => {
    const user = await signUpAndVerify();
    const first = await signIn(t.rp, user);
    const rt1 = first.refresh_token!;
    // Fails if the generateTokenId hook stops working after an oidc-provider upgrade.
    expect(rt1.split('.')).toHaveLength(3);
    expect(decodeTokenPayload(rt1)).toMatchObject({ typ: 'Refresh', sub: user.id });
    expect(Number(decodeTokenPayload(rt1)['exp'])).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);

    const second = await t.rp.oidc.refreshTokenGrant(t.rp.config, rt1);
    const rt2 = second.refresh_token!;
    expect(rt2).not.toBe(rt1);
    expect(decodeTokenPayload(rt2)).toMatchObject({ typ: 'Refresh' });
    expect((await t.verifier.verify(second.access_token)).id).toBe(user.id);

    // Past the grace window of parallel tabs (refresh-token.int-spec), reuse is theft.
    await t.ds.query(
      `UPDATE identity.oidc_payloads SET consumed_at = now() - interval '1 minute' WHERE id = $1`,
      [rt1],
    );
    await expect(t.rp.oidc.refreshTokenGrant(t.rp.config, rt1)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // Reuse of a rotated token revoked the whole grant: the newer token is dead too.
    await expect(t.rp.oidc.refreshTokenGrant(t.rp.config, rt2)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('refuses an unverified account with the exact seed message, and wrong passwords generically', async () => {
    const input = buildSignUp();
    await call('/api/v1/auth/sign-up', { body: input });
    const browser = new Browser({ 'x-loadout-client-ip': freshIp() });
    const pending = await startSignIn(t.rp, browser);

    const details = await browser.request(`${pending.base}/auth/interaction/${pending.uid}`);
    expect(details.json()).toEqual({ uid: pending.uid, prompt: 'login' });

    const unverified = await postLogin(browser, pending, input);
    expect(unverified.status).toBe(403);
    expect(unverified.json()).toMatchObject({
      code: 'IDENTITY.EMAIL_NOT_VERIFIED',
      message: EMAIL_NOT_VERIFIED_MESSAGE,
    });
    expect(EMAIL_NOT_VERIFIED_MESSAGE).toBe(
      'Please verify your email address before signing in. Check your inbox for a verification email.',
    );

    const wrong = await postLogin(browser, pending, {
      email: input.email,
      password: 'nope-nope-nope',
    });
    const unknown = await postLogin(browser, pending, {
      email: 'nobody@example.test',
      password: input.password,
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'IDENTITY.INVALID_CREDENTIALS',
        message: 'Invalid email or password.',
      });
    }
  });

  it('refuses a suspended account, at sign-in and at its next refresh', async () => {
    const user = await signUpAndVerify();
    const tokens = await signIn(t.rp, user);
    await t.ds.query(
      `UPDATE identity.users SET suspended_at = now(), suspended_reason = 'Selling real firearms parts' WHERE id = $1`,
      [user.id],
    );
    const browser = new Browser({ 'x-loadout-client-ip': freshIp() });
    const refused = await postLogin(browser, await startSignIn(t.rp, browser), user);
    expect(refused.status).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'IDENTITY.ACCOUNT_SUSPENDED',
      message: 'This account is suspended permanently: Selling real firearms parts',
    });
    await expect(
      t.rp.oidc.refreshTokenGrant(t.rp.config, tokens.refresh_token!),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('answers 404 for an unknown or foreign interaction, and lets the user cancel', async () => {
    const browser = new Browser();
    const missing = await browser.request(`${t.base}/auth/interaction/not-a-real-uid`);
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'IDENTITY.INTERACTION_EXPIRED' });

    const pending = await startSignIn(t.rp, browser);
    // Another browser (no interaction cookie) cannot act on it.
    const stranger = await new Browser().request(`${t.base}/auth/interaction/${pending.uid}`);
    expect(stranger.status).toBe(404);

    const abort = await browser.request(`${t.base}/auth/interaction/${pending.uid}/abort`, {
      method: 'POST',
    });
    expect(abort.status).toBe(200);
    const back = await browser.request(abort.json<{ redirectTo: string }>().redirectTo);
    expect(back.location).toContain('error=access_denied');
  });

  describe('failed sign-ins slow the guesser down, never lock the owner out (issue 22, item 10)', () => {
    const wrong = (email: string, i: number) => ({ email, password: `wrong-${i}-password` });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    it('answers growing waits to the guessing address, and the owner gets in after one wait or from elsewhere', async () => {
      const user = await signUpAndVerify();
      const ip = freshIp();
      const browser = new Browser({ 'x-loadout-client-ip': ip });
      const pending = await startSignIn(t.rp, browser);
      for (let i = 0; i < 5; i++) {
        expect((await postLogin(browser, pending, wrong(user.email, i))).status).toBe(401);
      }
      const waitOne = await postLogin(browser, pending, wrong(user.email, 5));
      expect(waitOne.status).toBe(429);
      expect(waitOne.json()).toMatchObject({
        code: 'IDENTITY.TOO_MANY_ATTEMPTS',
        message: 'Too many attempts. Please wait 1 second and try again.',
        details: { retryAfterSeconds: 1 },
      });
      await sleep(1_100);
      expect((await postLogin(browser, pending, wrong(user.email, 6))).status).toBe(401);
      const waitTwo = await postLogin(browser, pending, user);
      expect(waitTwo.status).toBe(429);
      expect(waitTwo.json()).toMatchObject({ details: { retryAfterSeconds: 2 } });

      // Meanwhile the owner signs in from another address without waiting.
      await expect(
        signIn(t.rp, user, new Browser({ 'x-loadout-client-ip': freshIp() })),
      ).resolves.toBeDefined();
      // And from the guessing address itself once the wait is over: no 15-minute lock.
      await sleep(2_100);
      await expect(
        signIn(t.rp, user, new Browser({ 'x-loadout-client-ip': ip })),
      ).resolves.toBeDefined();
      // 3.2 s of waits plus eleven sign-in round trips: jest's 5 s default is too tight on two busy cores.
    }, 30_000);

    it('lets one of many concurrent guesses through per opening', async () => {
      const user = await signUpAndVerify();
      const browser = new Browser({ 'x-loadout-client-ip': freshIp() });
      const pending = await startSignIn(t.rp, browser);
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) => postLogin(browser, pending, wrong(user.email, i))),
      );
      const statuses = burst.map((r) => r.status);
      // The free attempts may pass, one at a time; everything else waits.
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    });

    it('slows an address that sprays many accounts', async () => {
      const ip = freshIp();
      const spray = new Browser({ 'x-loadout-client-ip': ip });
      const pending = await startSignIn(t.rp, spray);
      for (let i = 0; i < 20; i++) {
        const res = await postLogin(spray, pending, wrong(`victim${i}.${ip}@example.test`, i));
        expect(res.status).toBe(401);
      }
      const other = await signUpAndVerify();
      const slowed = await postLogin(spray, pending, other);
      expect(slowed.status).toBe(429);
      expect(slowed.json()).toMatchObject({ details: { retryAfterSeconds: 1 } });
      // Another address is not concerned.
      await expect(
        signIn(t.rp, other, new Browser({ 'x-loadout-client-ip': freshIp() })),
      ).resolves.toBeDefined();
    });

    it('tells the owner by email, once per window, when their account is being guessed', async () => {
      const user = await signUpAndVerify();
      // From many addresses, as a distributed guesser would.
      for (let i = 0; i < 7; i++) {
        const browser = new Browser({ 'x-loadout-client-ip': freshIp() });
        const res = await postLogin(
          browser,
          await startSignIn(t.rp, browser),
          wrong(user.email, i),
        );
        expect(res.status).toBe(401);
      }
      const warnings = (await t.outbox(user.id)).filter(
        (r) => r.topic === 'identity.user.sign_in_throttled.v1',
      );
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.envelope.payload).toMatchObject({
        userId: user.id,
        email: user.email,
        failedAttempts: 5,
        resetUrl: `${t.base}/auth/forgot-password`,
      });
      // Guesses at an address without an account tell nobody.
      const ghost = `ghost.${Date.now()}@example.test`;
      for (let i = 0; i < 6; i++) {
        const browser = new Browser({ 'x-loadout-client-ip': freshIp() });
        await postLogin(browser, await startSignIn(t.rp, browser), wrong(ghost, i));
      }
      const ghostRows = (await t.ds.query(
        `SELECT 1 FROM identity.outbox WHERE envelope->'payload'->>'email' = $1`,
        [ghost],
      )) as unknown[];
      expect(ghostRows).toHaveLength(0);
    });
  });

  it('finding 2: refuses the ID token as a bearer token on /me (access tokens only)', async () => {
    const user = await signUpAndVerify();
    const tokens = await signIn(t.rp, user);
    expect(tokens.id_token).toBeTruthy();
    for (const init of [{}, { method: 'PATCH', body: { bio: 'via id token' } }]) {
      const res = await call('/api/v1/me', { ...init, token: tokens.id_token! });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
    }
    expect((await call('/api/v1/me', { token: tokens.access_token })).status).toBe(200);
  });

  it('refuses tokens from an unknown issuer and tokens with a bad signature', async () => {
    const foreign = await startTestIssuer();
    try {
      const forged = await foreign.sign({ sub: 'someone', roles: ['user', 'admin'] });
      const res = await call('/api/v1/me', { token: forged });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
    } finally {
      await foreign.close();
    }
    const user = await signUpAndVerify();
    const { access_token } = await signIn(t.rp, user);
    const [h, p, s] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const promoted = Buffer.from(
      JSON.stringify({ ...claims, realm_access: { roles: ['user', 'admin'] } }),
    ).toString('base64url');
    for (const bad of [`${h}.${promoted}.${s}`, `${h}.${p}.${s!.slice(0, -4)}AAAA`]) {
      const res = await call('/api/v1/me', { token: bad });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'AUTH.INVALID_TOKEN' });
    }
  });

  it('signs out through RP-initiated logout with an auto-submitting page, ending the session', async () => {
    const user = await signUpAndVerify();
    const browser = new Browser();
    const tokens = await signIn(t.rp, user, browser);
    const end = t.rp.oidc.buildEndSessionUrl(t.rp.config, { id_token_hint: tokens.id_token! });
    const page = await browser.request(end.href);
    expect(page.status).toBe(200);
    const nonce = /<script nonce="([^"]+)">/.exec(page.text)?.[1];
    expect(nonce).toBeTruthy();
    // Its own CSP (the inline submit is allowed by nonce only), not the service's default.
    expect(page.headers.get('content-security-policy')).toContain(`script-src 'nonce-${nonce}'`);
    expect(page.text).toContain("document.getElementById('op.logoutForm').submit()");
    const action = /action="([^"]+)"/.exec(page.text)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.text)![1]!;
    const confirm = await browser.request(new URL(action, t.base).href, {
      form: { xsrf, logout: 'yes' },
    });
    expect([200, 303]).toContain(confirm.status);
    await expect(
      t.rp.oidc.refreshTokenGrant(t.rp.config, tokens.refresh_token!),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });
});
