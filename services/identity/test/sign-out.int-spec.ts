import 'reflect-metadata';
import { SESSION_CHECK_TTL_MS } from '@loadout/auth';
import { decodeTokenPayload } from '../src/oidc/provider/refresh-token-id';
import { Browser } from './support/browser';
import { useIdentityApp } from './support/identity-harness';
import { signIn } from './support/oidc-flow';

/** Issue 22, item 6 (ADR 0019): ended sessions' access tokens are refused within 5 s. */
describe('sign-out and password reset end access tokens', () => {
  const t = useIdentityApp();
  const { call, outbox, tokenFromLink, signUpAndVerify } = t;

  const me = (token: string) => call<{ code?: string }>('/api/v1/me', { token });

  /** The token's answers on /me until it is refused, at most the stated staleness plus 1 s. */
  async function refusedWithinStaleness(token: string): Promise<{ code?: string }> {
    const deadline = Date.now() + SESSION_CHECK_TTL_MS + 1_000;
    for (;;) {
      const res = await me(token);
      if (res.status === 401) return res.body;
      expect(res.status).toBe(200);
      if (Date.now() > deadline) throw new Error('the token still works after the staleness bound');
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async function rpSignOut(browser: Browser, idToken: string): Promise<void> {
    const end = t.rp.oidc.buildEndSessionUrl(t.rp.config, { id_token_hint: idToken });
    const page = await browser.request(end.href);
    const action = /action="([^"]+)"/.exec(page.text)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.text)![1]!;
    await browser.request(new URL(action, t.base).href, { form: { xsrf, logout: 'yes' } });
  }

  it('carries a sid per signed-in browser, kept across refreshes', async () => {
    const user = await signUpAndVerify();
    const laptop = await signIn(t.rp, user);
    const phone = await signIn(t.rp, user);
    const sid = decodeTokenPayload(laptop.access_token)['sid'];
    expect(sid).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{32}$/));
    expect(decodeTokenPayload(phone.access_token)['sid']).not.toBe(sid);
    const refreshed = await t.rp.oidc.refreshTokenGrant(t.rp.config, laptop.refresh_token!);
    expect(decodeTokenPayload(refreshed.access_token)['sid']).toBe(sid);
  });

  it('refuses the access token of a browser that signed out, and only that one', async () => {
    const user = await signUpAndVerify();
    const laptopBrowser = new Browser();
    const laptop = await signIn(t.rp, user, laptopBrowser);
    const phone = await signIn(t.rp, user);
    expect((await me(laptop.access_token)).status).toBe(200);

    await rpSignOut(laptopBrowser, laptop.id_token!);

    expect(await refusedWithinStaleness(laptop.access_token)).toMatchObject({
      code: 'AUTH.SESSION_ENDED',
    });
    expect((await me(phone.access_token)).status).toBe(200);
  });

  it('refuses every access token of the account after a password reset', async () => {
    const user = await signUpAndVerify();
    const tokens = await signIn(t.rp, user);
    expect((await me(tokens.access_token)).status).toBe(200);

    await call('/api/v1/auth/password-reset', { body: { email: user.email } });
    const reset = (await outbox(user.id)).find(
      (r) => r.topic === 'identity.user.password_reset_requested.v1',
    )!;
    const done = await call('/api/v1/auth/password-reset/confirm', {
      body: {
        token: tokenFromLink(String(reset.envelope.payload['resetUrl'])),
        password: 'a brand new passphrase',
      },
    });
    expect(done.status).toBe(200);

    expect(await refusedWithinStaleness(tokens.access_token)).toMatchObject({
      code: 'AUTH.SESSION_ENDED',
    });
    // The new password opens a new session at once.
    const again = await signIn(t.rp, { email: user.email, password: 'a brand new passphrase' });
    expect((await me(again.access_token)).status).toBe(200);
  });

  it('signs out through the API (how keycloak mode learns of it), here or everywhere', async () => {
    const user = await signUpAndVerify();
    const laptop = await signIn(t.rp, user);
    const phone = await signIn(t.rp, user);
    const tablet = await signIn(t.rp, user);

    const out = await call('/api/v1/auth/sign-out', { body: {}, token: laptop.access_token });
    expect(out.status).toBe(204);
    expect(await refusedWithinStaleness(laptop.access_token)).toMatchObject({
      code: 'AUTH.SESSION_ENDED',
    });
    // Its grant went too: no refresh brings it back.
    await expect(
      t.rp.oidc.refreshTokenGrant(t.rp.config, laptop.refresh_token!),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await me(phone.access_token)).status).toBe(200);

    const everywhere = await call('/api/v1/auth/sign-out', {
      body: { everywhere: true },
      token: phone.access_token,
    });
    expect(everywhere.status).toBe(204);
    expect(await refusedWithinStaleness(tablet.access_token)).toMatchObject({
      code: 'AUTH.SESSION_ENDED',
    });
    await expect(
      t.rp.oidc.refreshTokenGrant(t.rp.config, tablet.refresh_token!),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('validates the sign-out body and wants a token', async () => {
    const user = await signUpAndVerify();
    const tokens = await signIn(t.rp, user);
    const anonymous = await call('/api/v1/auth/sign-out', { body: {} });
    expect(anonymous.status).toBe(401);
    const bad = await call('/api/v1/auth/sign-out', {
      body: { everywhere: 'yes' },
      token: tokens.access_token,
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'COMMON.VALIDATION_FAILED' });
  });

  it('answers the session state of an account on the internal route, outside the API document', async () => {
    const user = await signUpAndVerify();
    const browser = new Browser();
    const tokens = await signIn(t.rp, user, browser);
    const sid = decodeTokenPayload(tokens.access_token)['sid'];
    await rpSignOut(browser, tokens.id_token!);
    const state = await call<{ notBefore: number | null; endedSessions: string[] }>(
      `/internal/sessions/${user.id}`,
    );
    expect(state.status).toBe(200);
    expect(state.body).toEqual({ notBefore: null, endedSessions: [sid] });
    expect((await call('/internal/sessions/not%20an%20id')).status).toBe(404);
    expect((await call(`/internal/sessions/unknown-user`)).body).toEqual({
      notBefore: null,
      endedSessions: [],
    });
    const doc = await call<{ paths: Record<string, unknown> }>('/openapi.json');
    expect(Object.keys(doc.body.paths).some((p) => p.startsWith('/internal'))).toBe(false);
  });
});
