import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { TokenVerifier } from '@loadout/auth';
import { startTestIssuer } from '@loadout/auth/testing';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { grantAdmin } from '../src/accounts/grant-role/grant-admin';
import { EMAIL_NOT_VERIFIED_MESSAGE } from '../src/accounts/domain/account.errors';
import { type OwnProfile, type PublicProfile } from '../src/accounts/persistence/user.mapper';
import { decodeTokenPayload } from '../src/oidc/refresh-token-id';
import { buildSignUp } from './factories/sign-up.factory';
import { Browser } from './support/browser';
import { migratedDataSource, startIdentity, type RunningIdentity } from './support/identity-app';
import {
  postLogin,
  relyingParty,
  signIn,
  startSignIn,
  type RelyingParty,
} from './support/oidc-flow';

interface OutboxRow {
  topic: string;
  envelope: { actorId: string | null; payload: Record<string, unknown> };
}

describe('identity service (embedded provider) over HTTP', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let identity: RunningIdentity;
  let base: string;
  let rp: RelyingParty;
  let verifier: TokenVerifier;
  let ipCounter = 0;

  /** Each test its own client address, so per-IP sign-in limits never leak between tests. */
  const freshIp = () => `198.51.100.${++ipCounter}`;

  const call = async <T = unknown>(
    path: string,
    init: { method?: string; body?: unknown; token?: string; ip?: string } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    if (init.ip) headers['x-loadout-client-ip'] = init.ip;
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };

  const outbox = async (aggregateId: string): Promise<OutboxRow[]> =>
    ds.query(`SELECT topic, envelope FROM identity.outbox WHERE aggregate_id = $1 ORDER BY seq`, [
      aggregateId,
    ]);

  const userIdOf = async (email: string): Promise<string> =>
    (
      (await ds.query(`SELECT id FROM identity.users WHERE lower(email) = lower($1)`, [
        email,
      ])) as Array<{ id: string }>
    )[0]!.id;

  const tokenFromLink = (link: string) => new URL(link).searchParams.get('token')!;

  async function signUpAndVerify(overrides = {}) {
    const input = buildSignUp(overrides);
    const res = await call('/api/v1/auth/sign-up', { body: input });
    expect(res.status).toBe(201);
    const id = await userIdOf(input.email);
    const requested = (await outbox(id)).find(
      (r) => r.topic === 'identity.user.verification_requested.v1',
    )!;
    const verified = await call('/api/v1/auth/verify-email', {
      body: { token: tokenFromLink(String(requested.envelope.payload['verifyUrl'])) },
    });
    expect(verified.status).toBe(200);
    return { ...input, id };
  }

  beforeAll(async () => {
    db = await createTestDatabase('identity');
    ds = await migratedDataSource(db.url);
    identity = await startIdentity(db.url);
    base = identity.base;
    rp = await relyingParty(identity.config.OIDC_ISSUER);
    // The check the gateway and every service make (ADR 0006).
    verifier = new TokenVerifier({
      issuer: identity.config.OIDC_ISSUER,
      jwksUrl: `${base}/oidc/jwks`,
      audience: identity.config.AUTH_AUDIENCE,
    });
    // Database, migrations and the provider's keys take longer than 5 s on a busy machine.
  }, 60_000);

  afterAll(async () => {
    await identity?.close();
    await ds?.destroy();
    await db?.drop();
  });

  it('has no drift between entities and committed migrations', async () => {
    const pending = await ds.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  describe('sign-up and email verification', () => {
    it('creates an unverified profile, never signs in, and asks for the verification email', async () => {
      const input = buildSignUp({ username: 'Sniper_Sean.01', sellerType: 'trader' });
      const res = await call<{ email: string; message: string }>('/api/v1/auth/sign-up', {
        body: input,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        email: input.email,
        message:
          'Account created successfully! Please check your email and verify your account before signing in.',
      });
      const id = await userIdOf(input.email);
      expect(id).toHaveLength(21);

      const rows = await outbox(id);
      expect(rows.map((r) => r.topic)).toEqual([
        'identity.user.registered.v1',
        'identity.user.verification_requested.v1',
      ]);
      expect(rows[0]!.envelope.payload).toEqual({
        userId: id,
        email: input.email,
        username: 'sniper_sean.01',
        fullName: input.fullName,
        sellerType: 'trader',
      });
      const link = String(rows[1]!.envelope.payload['verifyUrl']);
      expect(link).toMatch(new RegExp(`^${base}/auth/verify-email\\?token=[A-Za-z0-9_-]{43}$`));
      // Only the hash is kept.
      const stored = (await ds.query(
        `SELECT token_hash FROM identity.account_tokens WHERE user_id = $1`,
        [id],
      )) as Array<{ token_hash: string }>;
      expect(stored).toHaveLength(1);
      expect(stored[0]!.token_hash).not.toContain(tokenFromLink(link));
      expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);

      const profile = (
        await ds.query(
          `SELECT bio, location, role, email_verified_at FROM identity.users WHERE id = $1`,
          [id],
        )
      )[0];
      expect(profile).toEqual({ bio: '', location: '', role: 'user', email_verified_at: null });

      const verified = await call<{ email: string }>('/api/v1/auth/verify-email', {
        body: { token: tokenFromLink(link) },
      });
      expect(verified).toEqual({ status: 200, body: { email: input.email } });
      expect((await outbox(id)).at(-1)).toMatchObject({
        topic: 'identity.user.verified.v1',
        envelope: { payload: { userId: id, email: input.email } },
      });
      // Single use.
      const again = await call('/api/v1/auth/verify-email', {
        body: { token: tokenFromLink(link) },
      });
      expect(again.status).toBe(400);
      expect(again.body).toMatchObject({ code: 'IDENTITY.TOKEN_INVALID' });
    });

    it('finding 5: answers the same for an existing email and mails its owner instead', async () => {
      const first = buildSignUp();
      const created = await call('/api/v1/auth/sign-up', { body: first });
      expect(created.status).toBe(201);
      const ownerId = await userIdOf(first.email);
      const again = buildSignUp({ email: first.email.toUpperCase() });
      const sameEmail = await call('/api/v1/auth/sign-up', { body: again });
      expect(sameEmail).toEqual({
        status: 201,
        body: { email: again.email, message: (created.body as { message: string }).message },
      });
      // Nothing created under the attempt's username; the owner is told by email.
      expect(
        await ds.query(`SELECT 1 FROM identity.users WHERE lower(username) = lower($1)`, [
          again.username,
        ]),
      ).toEqual([]);
      const attempted = (await outbox(ownerId)).filter(
        (r) => r.topic === 'identity.user.sign_up_attempted.v1',
      );
      expect(attempted).toHaveLength(1);
      expect(attempted[0]!.envelope.payload).toMatchObject({ userId: ownerId, email: first.email });
    });

    it('refuses a username already taken, whatever the case', async () => {
      const first = buildSignUp();
      expect((await call('/api/v1/auth/sign-up', { body: first })).status).toBe(201);
      const sameName = await call('/api/v1/auth/sign-up', {
        body: buildSignUp({ username: first.username.toUpperCase() }),
      });
      expect(sameName.status).toBe(409);
      expect(sameName.body).toMatchObject({ code: 'IDENTITY.USERNAME_TAKEN' });
    });

    it('refuses missing agreements, minors, weak passwords and bad usernames', async () => {
      const cases: Array<[Record<string, unknown>, number, string, string?]> = [
        [
          { acceptTerms: false },
          400,
          'IDENTITY.AGREEMENT_REQUIRED',
          'You must accept the Terms of Service and Privacy Policy to create an account.',
        ],
        [{ acceptPrivacy: undefined }, 400, 'IDENTITY.AGREEMENT_REQUIRED'],
        [{ dateOfBirth: '2015-01-01' }, 400, 'IDENTITY.UNDER_18'],
        [{ dateOfBirth: undefined, over18: false }, 400, 'IDENTITY.UNDER_18'],
        [
          { password: 'short1!' },
          400,
          'IDENTITY.WEAK_PASSWORD',
          'Password must be at least 10 characters.',
        ],
        [{ password: 'Password1234' }, 400, 'IDENTITY.WEAK_PASSWORD'],
        [{ username: 'no spaces' }, 400, 'COMMON.VALIDATION_FAILED'],
        [{ email: 'not-an-email' }, 400, 'COMMON.VALIDATION_FAILED'],
        [{ isAdmin: true }, 400, 'COMMON.VALIDATION_FAILED'],
      ];
      for (const [overrides, status, code, message] of cases) {
        const res = await call<{ code: string; message: string }>('/api/v1/auth/sign-up', {
          body: { ...buildSignUp(), ...overrides },
        });
        expect({ overrides, status: res.status, code: res.body.code }).toEqual({
          overrides,
          status,
          code,
        });
        if (message) expect(res.body.message).toBe(message);
      }
    });

    it('resends the verification email only with the right password and only while unverified', async () => {
      const input = buildSignUp();
      await call('/api/v1/auth/sign-up', { body: input });
      const id = await userIdOf(input.email);
      const ip = freshIp();
      const wrong = await call('/api/v1/auth/resend-verification', {
        body: { email: input.email, password: 'not the password' },
        ip,
      });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({
        code: 'IDENTITY.INVALID_CREDENTIALS',
        message: 'Invalid email or password.',
      });
      const sent = await call('/api/v1/auth/resend-verification', {
        body: { email: input.email, password: input.password },
        ip,
      });
      expect(sent).toEqual({
        status: 200,
        body: { message: 'Verification email sent! Please check your inbox.' },
      });
      const requests = (await outbox(id)).filter(
        (r) => r.topic === 'identity.user.verification_requested.v1',
      );
      expect(requests).toHaveLength(2);
      // Either link verifies; afterwards resending is refused with the seed's text.
      await call('/api/v1/auth/verify-email', {
        body: { token: tokenFromLink(String(requests[0]!.envelope.payload['verifyUrl'])) },
      });
      const already = await call('/api/v1/auth/resend-verification', {
        body: { email: input.email, password: input.password },
        ip,
      });
      expect(already.status).toBe(409);
      expect(already.body).toMatchObject({
        code: 'IDENTITY.ALREADY_VERIFIED',
        message: 'Email is already verified. You can sign in normally.',
      });
    });
  });

  describe('sign-in through the embedded provider', () => {
    it('signs in with openid-client (PKCE), issuing a Keycloak-shaped JWT every service accepts', async () => {
      const user = await signUpAndVerify();
      const tokens = await signIn(rp, user);

      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      expect(tokens.expires_in).toBe(300);
      const header = JSON.parse(
        Buffer.from(tokens.access_token.split('.')[0]!, 'base64url').toString(),
      );
      expect(header).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
      const claims = decodeTokenPayload(tokens.access_token);
      expect(claims).toMatchObject({
        iss: identity.config.OIDC_ISSUER,
        sub: user.id,
        aud: `${base}/api`,
        email: user.email,
        email_verified: true,
        preferred_username: user.username,
        name: user.fullName,
        realm_access: { roles: ['user'] },
      });

      expect(await verifier.verify(tokens.access_token)).toEqual({
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
      expect(rp.config.serverMetadata().userinfo_endpoint).toBeUndefined();

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
      const first = await signIn(rp, user);
      const rt1 = first.refresh_token!;
      // Fails if the generateTokenId hook stops working after an oidc-provider upgrade.
      expect(rt1.split('.')).toHaveLength(3);
      expect(decodeTokenPayload(rt1)).toMatchObject({ typ: 'Refresh', sub: user.id });
      expect(Number(decodeTokenPayload(rt1)['exp'])).toBeGreaterThan(
        Date.now() / 1000 + 29 * 86400,
      );

      const second = await rp.oidc.refreshTokenGrant(rp.config, rt1);
      const rt2 = second.refresh_token!;
      expect(rt2).not.toBe(rt1);
      expect(decodeTokenPayload(rt2)).toMatchObject({ typ: 'Refresh' });
      expect((await verifier.verify(second.access_token)).id).toBe(user.id);

      await expect(rp.oidc.refreshTokenGrant(rp.config, rt1)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      // Reuse of a rotated token revoked the whole grant: the newer token is dead too.
      await expect(rp.oidc.refreshTokenGrant(rp.config, rt2)).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    });

    it('refuses an unverified account with the exact seed message, and wrong passwords generically', async () => {
      const input = buildSignUp();
      await call('/api/v1/auth/sign-up', { body: input });
      const browser = new Browser({ 'x-loadout-client-ip': freshIp() });
      const pending = await startSignIn(rp, browser);

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
      const tokens = await signIn(rp, user);
      await ds.query(
        `UPDATE identity.users SET suspended_at = now(), suspended_reason = 'Selling real firearms parts' WHERE id = $1`,
        [user.id],
      );
      const browser = new Browser({ 'x-loadout-client-ip': freshIp() });
      const refused = await postLogin(browser, await startSignIn(rp, browser), user);
      expect(refused.status).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'IDENTITY.ACCOUNT_SUSPENDED',
        message: 'This account has been suspended: Selling real firearms parts',
      });
      await expect(
        rp.oidc.refreshTokenGrant(rp.config, tokens.refresh_token!),
      ).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    });

    it('answers 404 for an unknown or foreign interaction, and lets the user cancel', async () => {
      const browser = new Browser();
      const missing = await browser.request(`${base}/auth/interaction/not-a-real-uid`);
      expect(missing.status).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'IDENTITY.INTERACTION_EXPIRED' });

      const pending = await startSignIn(rp, browser);
      // Another browser (no interaction cookie) cannot act on it.
      const stranger = await new Browser().request(`${base}/auth/interaction/${pending.uid}`);
      expect(stranger.status).toBe(404);

      const abort = await browser.request(`${base}/auth/interaction/${pending.uid}/abort`, {
        method: 'POST',
      });
      expect(abort.status).toBe(200);
      const back = await browser.request(abort.json<{ redirectTo: string }>().redirectTo);
      expect(back.location).toContain('error=access_denied');
    });

    it('rate limits failed sign-ins per account and per IP (429)', async () => {
      const user = await signUpAndVerify();
      const browser = new Browser({ 'x-loadout-client-ip': freshIp() });
      const pending = await startSignIn(rp, browser);
      for (let i = 0; i < 5; i++) {
        const res = await postLogin(browser, pending, {
          email: user.email,
          password: `wrong-${i}-password`,
        });
        expect(res.status).toBe(401);
      }
      const blocked = await postLogin(browser, pending, user);
      expect(blocked.status).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'IDENTITY.TOO_MANY_ATTEMPTS' });
      // finding 5: the stranger's guesses do not lock the owner out from their own address.
      await expect(
        signIn(rp, user, new Browser({ 'x-loadout-client-ip': freshIp() })),
      ).resolves.toBeDefined();
      // Another account from another address is unaffected.
      const other = await signUpAndVerify();
      await expect(
        signIn(rp, other, new Browser({ 'x-loadout-client-ip': freshIp() })),
      ).resolves.toBeDefined();

      // One address trying many accounts.
      const ip = freshIp();
      const spray = new Browser({ 'x-loadout-client-ip': ip });
      const sprayPending = await startSignIn(rp, spray);
      for (let i = 0; i < 20; i++) {
        await postLogin(spray, sprayPending, {
          email: `victim${i}@example.test`,
          password: 'guess-guess-1',
        });
      }
      const sprayBlocked = await postLogin(spray, sprayPending, other);
      expect(sprayBlocked.status).toBe(429);
    });

    it('finding 2: refuses the ID token as a bearer token on /me (access tokens only)', async () => {
      const user = await signUpAndVerify();
      const tokens = await signIn(rp, user);
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
      const { access_token } = await signIn(rp, user);
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
      const tokens = await signIn(rp, user, browser);
      const end = rp.oidc.buildEndSessionUrl(rp.config, { id_token_hint: tokens.id_token! });
      const page = await browser.request(end.href);
      expect(page.status).toBe(200);
      const nonce = /<script nonce="([^"]+)">/.exec(page.text)?.[1];
      expect(nonce).toBeTruthy();
      // Its own CSP (the inline submit is allowed by nonce only), not the service's default.
      expect(page.headers.get('content-security-policy')).toContain(`script-src 'nonce-${nonce}'`);
      expect(page.text).toContain("document.getElementById('op.logoutForm').submit()");
      const action = /action="([^"]+)"/.exec(page.text)![1]!;
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.text)![1]!;
      const confirm = await browser.request(new URL(action, base).href, {
        form: { xsrf, logout: 'yes' },
      });
      expect([200, 303]).toContain(confirm.status);
      await expect(
        rp.oidc.refreshTokenGrant(rp.config, tokens.refresh_token!),
      ).rejects.toMatchObject({
        error: 'invalid_grant',
      });
    });
  });

  describe('password reset', () => {
    it('resets end to end: no enumeration, single-use token, old password and sessions gone', async () => {
      const user = await signUpAndVerify();
      const before = await signIn(rp, user);

      const unknown = await call('/api/v1/auth/password-reset', {
        body: { email: 'ghost@example.test' },
      });
      const known = await call('/api/v1/auth/password-reset', {
        body: { email: user.email.toUpperCase() },
      });
      expect(unknown.status).toBe(202);
      expect(known).toEqual(unknown);
      // finding 5: the reply waits for the same floor either way (no timing difference).
      for (const email of ['ghost2@example.test', user.email]) {
        const started = performance.now();
        await call('/api/v1/auth/password-reset', { body: { email } });
        expect(performance.now() - started).toBeGreaterThanOrEqual(145);
      }
      const ghostRows = (await ds.query(
        `SELECT 1 FROM identity.outbox WHERE envelope->'payload'->>'email' = 'ghost@example.test'`,
      )) as unknown[];
      expect(ghostRows).toHaveLength(0);

      const reset = (await outbox(user.id)).find(
        (r) => r.topic === 'identity.user.password_reset_requested.v1',
      )!;
      const link = String(reset.envelope.payload['resetUrl']);
      expect(link.startsWith(`${base}/auth/reset-password?token=`)).toBe(true);
      const token = tokenFromLink(link);

      const weak = await call('/api/v1/auth/password-reset/confirm', {
        body: { token, password: 'qwerty123456' },
      });
      expect(weak.status).toBe(400);
      expect(weak.body).toMatchObject({ code: 'IDENTITY.WEAK_PASSWORD' });

      const newPassword = 'a much better passphrase';
      const done = await call('/api/v1/auth/password-reset/confirm', {
        body: { token, password: newPassword },
      });
      expect(done.status).toBe(200);
      const reused = await call('/api/v1/auth/password-reset/confirm', {
        body: { token, password: 'another good passphrase' },
      });
      expect(reused.status).toBe(400);
      expect(reused.body).toMatchObject({ code: 'IDENTITY.TOKEN_INVALID' });

      await expect(
        rp.oidc.refreshTokenGrant(rp.config, before.refresh_token!),
      ).rejects.toMatchObject({
        error: 'invalid_grant',
      });
      const ip = freshIp();
      const browser = new Browser({ 'x-loadout-client-ip': ip });
      const pending = await startSignIn(rp, browser);
      expect((await postLogin(browser, pending, user)).status).toBe(401);
      await expect(
        signIn(
          rp,
          { email: user.email, password: newPassword },
          new Browser({ 'x-loadout-client-ip': ip }),
        ),
      ).resolves.toBeDefined();
    });
  });

  describe('profiles', () => {
    it('updates the own profile with an event, and refuses anonymous updates with the seed text', async () => {
      const user = await signUpAndVerify();
      const { access_token } = await signIn(rp, user);
      const anonymous = await call('/api/v1/me', { method: 'PATCH', body: { bio: 'x' } });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ message: 'No user authenticated' });

      const updated = await call<OwnProfile>('/api/v1/me', {
        method: 'PATCH',
        token: access_token,
        body: {
          displayName: 'Seán the Sniper',
          bio: 'Woodland player',
          county: 'Kerry',
          sellerType: 'trader',
        },
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        displayName: 'Seán the Sniper',
        county: 'Kerry',
        sellerType: 'trader',
      });
      expect((await outbox(user.id)).at(-1)).toMatchObject({
        topic: 'identity.user.profile_updated.v1',
        envelope: {
          actorId: user.id,
          payload: {
            userId: user.id,
            displayName: 'Seán the Sniper',
            county: 'Kerry',
            sellerType: 'trader',
            avatarUrl: null,
          },
        },
      });
      const bad = await call('/api/v1/me', {
        method: 'PATCH',
        token: access_token,
        body: { county: 'Atlantis' },
      });
      expect(bad.status).toBe(400);

      const pub = await call<PublicProfile>(`/api/v1/users/${user.username.toUpperCase()}`);
      expect(pub.status).toBe(200);
      expect(Object.keys(pub.body).sort()).toEqual([
        'avatarUrl',
        'bio',
        'county',
        'createdAt',
        'displayName',
        'id',
        'location',
        'sellerType',
        'username',
      ]);
      expect((await call('/api/v1/users/nobody_here')).status).toBe(404);
    });

    it('serves the sign-in configuration for keycloak-js', async () => {
      expect((await call('/api/v1/auth/config')).body).toEqual({
        mode: 'embedded',
        issuer: `${base}/oidc`,
        clientId: 'loadout-web',
      });
    });
  });

  describe('admin bootstrap and key persistence', () => {
    it('grants admin with an event; the next token carries the admin role', async () => {
      const user = await signUpAndVerify();
      const before = await signIn(rp, user);
      expect((await verifier.verify(before.access_token)).roles).toEqual(['user']);

      expect(await grantAdmin(ds, 'nobody@example.test')).toEqual({ status: 'not_found' });
      expect(await grantAdmin(ds, user.email.toUpperCase())).toMatchObject({ status: 'granted' });
      expect(await grantAdmin(ds, user.email)).toMatchObject({ status: 'already_admin' });
      const events = (await outbox(user.id)).filter(
        (r) => r.topic === 'identity.user.role_changed.v1',
      );
      expect(events).toHaveLength(1);
      expect(events[0]!.envelope.payload).toEqual({
        userId: user.id,
        role: 'admin',
        previousRole: 'user',
      });

      const refreshed = await rp.oidc.refreshTokenGrant(rp.config, before.refresh_token!);
      expect((await verifier.verify(refreshed.access_token)).roles).toEqual(['user', 'admin']);
      const fresh = await signIn(rp, user);
      expect(decodeTokenPayload(fresh.access_token)).toMatchObject({
        realm_access: { roles: ['user', 'admin'] },
      });
      expect((await call<OwnProfile>('/api/v1/me', { token: fresh.access_token })).body.role).toBe(
        'admin',
      );
    });

    it('keeps its signing keys across a restart: a token issued before still verifies', async () => {
      const user = await signUpAndVerify();
      const tokens = await signIn(rp, user);
      const jwksBefore = await (await fetch(`${base}/oidc/jwks`)).json();
      const port = Number(new URL(base).port);
      await identity.close();
      identity = await startIdentity(db.url, {}, port);
      expect(await (await fetch(`${base}/oidc/jwks`)).json()).toEqual(jwksBefore);
      const me = await call<OwnProfile>('/api/v1/me', { token: tokens.access_token });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(user.id);
      // The refresh token (stored in Postgres) survives too.
      const refreshed = await rp.oidc.refreshTokenGrant(rp.config, tokens.refresh_token!);
      expect((await verifier.verify(refreshed.access_token)).id).toBe(user.id);
    });
  });

  it('serves health with its database check', async () => {
    expect((await call('/health/ready')).body).toMatchObject({
      status: 'ok',
      checks: { database: 'up' },
    });
  });
});
