import 'reflect-metadata';
import { type AdminUser, type AdminUserPage } from '@loadout/contracts';
import { grantAdmin } from '../src/accounts/grant-role/grant-admin';
import { LiftExpiredSuspensionsJob } from '../src/accounts/lift-expired-suspensions/lift-expired-suspensions.job';
import { Browser } from './support/browser';
import { useIdentityApp } from './support/identity-harness';
import { postLogin, signIn, startSignIn } from './support/oidc-flow';

/** Issue 26 phase 2 (ADR 0035): admins suspend and reinstate accounts, search them, set roles. */
describe('suspending accounts', () => {
  const t = useIdentityApp();
  const { call, outbox, signUpAndVerify, freshIp } = t;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    const admin = await signUpAndVerify();
    await grantAdmin(t.ds, admin.email);
    adminToken = (await signIn(t.rp, admin)).access_token;
    adminId = admin.id;
  }, 60_000);

  const suspend = (id: string, body: unknown, token = adminToken) =>
    call<AdminUser>(`/api/v1/admin/users/${id}/suspension`, { body, token });
  const reinstate = (id: string, token = adminToken) =>
    call<AdminUser>(`/api/v1/admin/users/${id}/suspension`, {
      method: 'DELETE',
      body: { reason: 'Appeal accepted' },
      token,
    });
  const topics = async (id: string, topic: string) =>
    (await outbox(id)).filter((r) => r.topic === topic).map((r) => r.envelope);

  /** The sign-in page's login call: its status and error body. */
  const tryLogin = async (user: { email: string; password: string }) => {
    const browser = new Browser({ 'x-loadout-client-ip': freshIp() });
    const pending = await startSignIn(t.rp, browser);
    const res = await postLogin(browser, pending, user);
    return { status: res.status, body: JSON.parse(res.text) as Record<string, unknown> };
  };

  it('refuses sign-in with the end date, refuses the refresh token, and records the event', async () => {
    const user = await signUpAndVerify();
    const before = await signIn(t.rp, user);

    const res = await suspend(user.id, { duration: '7d', reason: 'Scam listings reported' });
    expect(res.status).toBe(201);
    const until = new Date(res.body.suspension!.until!);
    expect(until.getTime() - Date.now()).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(res.body.suspension).toMatchObject({ reason: 'Scam listings reported' });

    const refused = await tryLogin(user);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'IDENTITY.ACCOUNT_SUSPENDED',
      details: { until: until.toISOString() },
    });
    expect(String(refused.body['message'])).toMatch(
      /^This account is suspended until \d{1,2} \w+ \d{4}.*: Scam listings reported$/,
    );

    await expect(
      t.rp.oidc.refreshTokenGrant(t.rp.config, before.refresh_token!),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    // Access tokens already issued are void for every token check (ADR 0019).
    const state = await call<{ notBefore: number | null }>(`/internal/sessions/${user.id}`);
    expect(state.body.notBefore).not.toBeNull();
    expect((await call(`/internal/users/${user.id}`)).status).toBe(404);

    const events = await topics(user.id, 'identity.user.suspended.v1');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: adminId,
      payload: {
        userId: user.id,
        reason: 'Scam listings reported',
        until: until.toISOString(),
        suspendedBy: adminId,
      },
    });
  });

  it('says "permanently" for a permanent suspension, and reinstating lets the user back in', async () => {
    const user = await signUpAndVerify();
    expect(
      (await suspend(user.id, { duration: 'permanent', reason: 'Repeated fraud' })).body,
    ).toMatchObject({ suspension: { until: null } });
    const refused = await tryLogin(user);
    expect(refused.body).toMatchObject({
      code: 'IDENTITY.ACCOUNT_SUSPENDED',
      message: 'This account is suspended permanently: Repeated fraud',
      details: { until: null },
    });

    const back = await reinstate(user.id);
    expect(back.status).toBe(200);
    expect(back.body.suspension).toBeNull();
    // Idempotent: a second lift answers the same and records nothing.
    expect((await reinstate(user.id)).status).toBe(200);
    const events = await topics(user.id, 'identity.user.reinstated.v1');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: adminId,
      payload: { userId: user.id, cause: 'lifted', liftedBy: adminId, note: 'Appeal accepted' },
    });
    await expect(signIn(t.rp, user)).resolves.toHaveProperty('access_token');
    expect((await call(`/internal/users/${user.id}`)).status).toBe(200);
  });

  it('lifts a suspension past its end date at sign-in and in the sweep', async () => {
    const atSignIn = await signUpAndVerify();
    const bySweep = await signUpAndVerify();
    for (const u of [atSignIn, bySweep]) {
      await suspend(u.id, { duration: '7d', reason: 'Cooling-off period' });
      await t.ds.query(
        `UPDATE identity.users SET suspended_until = now() - interval '1 minute' WHERE id = $1`,
        [u.id],
      );
    }
    await expect(signIn(t.rp, atSignIn)).resolves.toHaveProperty('access_token');
    expect(await topics(atSignIn.id, 'identity.user.reinstated.v1')).toEqual([
      expect.objectContaining({
        actorId: null,
        payload: { userId: atSignIn.id, cause: 'expired', liftedBy: null, note: null },
      }),
    ]);

    const job = t.identity.app.get(LiftExpiredSuspensionsJob);
    expect(await job.sweep()).toBe(1);
    expect(await job.sweep()).toBe(0);
    expect(await topics(bySweep.id, 'identity.user.reinstated.v1')).toHaveLength(1);
    const [row] = (await t.ds.query(
      `SELECT suspended_at, suspended_until, suspended_reason FROM identity.users WHERE id = $1`,
      [bySweep.id],
    )) as Array<Record<string, unknown>>;
    expect(row).toEqual({ suspended_at: null, suspended_until: null, suspended_reason: null });
  });

  it('lets only admins call the account routes (401 anonymous, 403 users)', async () => {
    const user = await signUpAndVerify();
    const userToken = (await signIn(t.rp, user)).access_token;
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/v1/admin/users', undefined],
      ['GET', `/api/v1/admin/users/${user.id}`, undefined],
      ['POST', `/api/v1/admin/users/${adminId}/suspension`, { duration: '7d', reason: 'xxxxx' }],
      ['DELETE', `/api/v1/admin/users/${adminId}/suspension`, { reason: 'xxxxx' }],
      ['PUT', `/api/v1/admin/users/${adminId}/role`, { role: 'user', reason: 'xxxxx' }],
    ];
    for (const [method, path, body] of routes) {
      expect([method, path, (await call(path, { method, body })).status]).toEqual([
        method,
        path,
        401,
      ]);
      expect([method, path, (await call(path, { method, body, token: userToken })).status]).toEqual(
        [method, path, 403],
      );
    }
  });

  it('refuses suspending oneself, another admin, an unknown account or a bad request', async () => {
    const other = await signUpAndVerify();
    await grantAdmin(t.ds, other.email);
    const body = { duration: '30d', reason: 'Testing the refusals' };
    expect((await suspend(adminId, body)).body).toMatchObject({
      code: 'IDENTITY.CANNOT_ACT_ON_SELF',
    });
    expect((await suspend(other.id, body)).body).toMatchObject({
      code: 'IDENTITY.CANNOT_SUSPEND_ADMIN',
    });
    expect((await suspend('no-such-user', body)).status).toBe(404);
    expect((await suspend('bad id!', body)).status).toBe(404);
    const invalid = await suspend(other.id, { duration: '3d', reason: 'no' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'COMMON.VALIDATION_FAILED' });
    expect((await suspend(other.id, { duration: '7d', reason: null })).status).toBe(400);
  });

  it('searches by email, username or display name, newest first, in keyset pages', async () => {
    const tag = `srch${Date.now().toString(36)}`;
    const a = await signUpAndVerify({ username: `${tag}_a`, email: `a.${tag}@example.test` });
    const b = await signUpAndVerify({ username: `${tag}_b`, email: `b.${tag}@example.test` });
    const c = await signUpAndVerify({ username: `${tag}_c`, email: `c.${tag}@example.test` });
    const first = await call<AdminUserPage>(`/api/v1/admin/users?q=${tag.toUpperCase()}&limit=2`, {
      token: adminToken,
    });
    expect(first.status).toBe(200);
    expect(first.body.items.map((u) => u.id)).toEqual([c.id, b.id]);
    expect(first.body.items[0]).toMatchObject({ email: c.email, role: 'user', suspension: null });
    const second = await call<AdminUserPage>(
      `/api/v1/admin/users?q=${tag}&limit=2&cursor=${first.body.nextCursor}`,
      { token: adminToken },
    );
    expect(second.body).toEqual({
      items: [expect.objectContaining({ id: a.id })],
      nextCursor: null,
    });

    const byEmail = await call<AdminUserPage>(`/api/v1/admin/users?q=b.${tag}@`, {
      token: adminToken,
    });
    expect(byEmail.body.items.map((u) => u.id)).toEqual([b.id]);
    // LIKE's wildcards are searched for literally.
    const wildcard = await call<AdminUserPage>(`/api/v1/admin/users?q=${tag}%25_`, {
      token: adminToken,
    });
    expect(wildcard.body.items).toEqual([]);
    expect((await call(`/api/v1/admin/users?cursor=garbage`, { token: adminToken })).status).toBe(
      400,
    );
    const one = await call<AdminUser>(`/api/v1/admin/users/${a.id}`, { token: adminToken });
    expect(one.body).toMatchObject({ id: a.id, username: a.username, isVerified: true });
    expect((await call(`/api/v1/admin/users/nobody`, { token: adminToken })).status).toBe(404);
  });

  it('grants and revokes the admin role with events; revoking ends the sessions', async () => {
    const user = await signUpAndVerify();
    const role = (r: string, token = adminToken) =>
      call<AdminUser>(`/api/v1/admin/users/${user.id}/role`, {
        method: 'PUT',
        body: { role: r, reason: 'Joins the moderation team' },
        token,
      });
    expect((await role('admin')).body).toMatchObject({ role: 'admin' });
    expect((await role('admin')).status).toBe(200);
    const session = await signIn(t.rp, user);
    expect((await t.verifier.verify(session.access_token)).roles).toContain('admin');

    expect((await role('user')).body).toMatchObject({ role: 'user' });
    await expect(
      t.rp.oidc.refreshTokenGrant(t.rp.config, session.refresh_token!),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    const events = await topics(user.id, 'identity.user.role_changed.v1');
    expect(events.map((e) => e.payload)).toEqual([
      { userId: user.id, role: 'admin', previousRole: 'user', reason: 'Joins the moderation team' },
      { userId: user.id, role: 'user', previousRole: 'admin', reason: 'Joins the moderation team' },
    ]);
    const self = await call(`/api/v1/admin/users/${adminId}/role`, {
      method: 'PUT',
      body: { role: 'user', reason: 'Stepping down now' },
      token: adminToken,
    });
    expect(self.body).toMatchObject({ code: 'IDENTITY.CANNOT_ACT_ON_SELF' });
  });
});
