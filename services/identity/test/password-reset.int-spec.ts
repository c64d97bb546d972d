import 'reflect-metadata';
import { Browser } from './support/browser';
import { useIdentityApp } from './support/identity-harness';
import { postLogin, signIn, startSignIn } from './support/oidc-flow';

describe('password reset', () => {
  const t = useIdentityApp();
  const { call, outbox, tokenFromLink, signUpAndVerify, freshIp } = t;

  it('resets end to end: no enumeration, single-use token, old password and sessions gone', async () => {
    const user = await signUpAndVerify();
    const before = await signIn(t.rp, user);

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
    const ghostRows = (await t.ds.query(
      `SELECT 1 FROM identity.outbox WHERE envelope->'payload'->>'email' = 'ghost@example.test'`,
    )) as unknown[];
    expect(ghostRows).toHaveLength(0);

    const reset = (await outbox(user.id)).find(
      (r) => r.topic === 'identity.user.password_reset_requested.v1',
    )!;
    const link = String(reset.envelope.payload['resetUrl']);
    expect(link.startsWith(`${t.base}/auth/reset-password?token=`)).toBe(true);
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
      t.rp.oidc.refreshTokenGrant(t.rp.config, before.refresh_token!),
    ).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const ip = freshIp();
    const browser = new Browser({ 'x-loadout-client-ip': ip });
    const pending = await startSignIn(t.rp, browser);
    expect((await postLogin(browser, pending, user)).status).toBe(401);
    await expect(
      signIn(
        t.rp,
        { email: user.email, password: newPassword },
        new Browser({ 'x-loadout-client-ip': ip }),
      ),
    ).resolves.toBeDefined();
  });
});
