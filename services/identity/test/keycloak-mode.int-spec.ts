import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { type OwnProfile } from '../src/accounts/persistence/user.mapper';
import { buildSignUp } from './factories/sign-up.factory';
import { startIdentity, type RunningIdentity } from './support/identity-app';

describe('identity service in keycloak mode', () => {
  let ds: DataSource;
  let realm: TestIssuer;
  let identity: RunningIdentity;

  const call = async <T = unknown>(path: string, token?: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (token) headers['authorization'] = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${identity.base}${path}`, {
      method: body !== undefined ? 'POST' : 'GET',
      headers,
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };

  const topics = async (id: string) =>
    (
      (await ds.query(`SELECT topic FROM identity.outbox WHERE aggregate_id = $1 ORDER BY seq`, [
        id,
      ])) as Array<{ topic: string }>
    ).map((r) => r.topic);

  /** A token as the Keycloak realm would sign it (Keycloak user ids are UUIDs). */
  const keycloakToken = (claims: Record<string, unknown> & { sub: string; roles?: string[] }) =>
    realm.sign(claims);

  beforeAll(async () => {
    realm = await startTestIssuer();
    identity = await startIdentity({
      label: 'identity_kc',
      // The test issuer plays the realm; in compose these follow from KEYCLOAK_URL.
      issuer: realm,
      env: {
        IDENTITY_PROVIDER: 'keycloak',
        KEYCLOAK_URL: 'http://localhost:8180',
        KEYCLOAK_REALM: 'loadout',
        AUTH_JWKS_URL: realm.jwksUrl,
      },
    });
    ds = identity.ds;
  });

  afterAll(async () => {
    await identity?.close();
    await realm?.close();
  });

  it('points keycloak-js at the realm and runs no provider of its own', async () => {
    expect((await call('/api/v1/auth/config')).body).toEqual({
      mode: 'keycloak',
      url: 'http://localhost:8180',
      realm: 'loadout',
      clientId: 'loadout-web',
    });
    expect((await call('/oidc/.well-known/openid-configuration')).status).toBe(404);
    expect((await call('/auth/interaction/abc')).status).toBe(404);
    const signUp = await call('/api/v1/auth/sign-up', undefined, buildSignUp());
    expect(signUp.status).toBe(404);
    expect(signUp.body).toMatchObject({ code: 'IDENTITY.MANAGED_BY_KEYCLOAK' });
  });

  it('provisions the profile from the token on the first GET me, once', async () => {
    const sub = randomUUID();
    const token = await keycloakToken({
      sub,
      email: 'aoife.byrne@example.test',
      email_verified: true,
      preferred_username: 'Aoife.B',
      name: 'Aoife Byrne',
      roles: ['user', 'offline_access'],
    });
    const first = await call<OwnProfile>('/api/v1/me', token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: sub,
      email: 'aoife.byrne@example.test',
      username: 'aoife.b',
      displayName: 'aoife.b',
      fullName: 'Aoife Byrne',
      bio: '',
      location: '',
      isVerified: true,
      role: 'user',
    });
    const again = await call<OwnProfile>('/api/v1/me', token);
    expect(again.body).toEqual(first.body);
    expect(await topics(sub)).toEqual(['identity.user.registered.v1', 'identity.user.verified.v1']);
  });

  it('follows Keycloak for verification and realm roles, with an event for each change', async () => {
    const sub = randomUUID();
    const claims = {
      sub,
      email: 'ciaran@example.test',
      preferred_username: 'ciaran',
      name: 'Ciarán Walsh',
    };
    const unverified = await call<OwnProfile>(
      '/api/v1/me',
      await keycloakToken({ ...claims, email_verified: false, roles: ['user'] }),
    );
    expect(unverified.body).toMatchObject({ isVerified: false, role: 'user' });
    const promoted = await call<OwnProfile>(
      '/api/v1/me',
      await keycloakToken({ ...claims, email_verified: true, roles: ['user', 'admin'] }),
    );
    expect(promoted.body).toMatchObject({ isVerified: true, role: 'admin' });
    expect(await topics(sub)).toEqual([
      'identity.user.registered.v1',
      'identity.user.verified.v1',
      'identity.user.role_changed.v1',
    ]);
  });

  it('gives a taken preferred username a suffix instead of failing', async () => {
    const mk = async (email: string) =>
      call<OwnProfile>(
        '/api/v1/me',
        await keycloakToken({ sub: randomUUID(), email, preferred_username: 'Dup-Name' }),
      );
    expect((await mk('one@example.test')).body.username).toBe('dup_name');
    expect((await mk('two@example.test')).body.username).toBe('dup_name_2');
  });

  it('never provisions a username that looks like an existing one (issue 22, item 9)', async () => {
    const mk = async (email: string, preferred: string) =>
      call<OwnProfile>(
        '/api/v1/me',
        await keycloakToken({ sub: randomUUID(), email, preferred_username: preferred }),
      );
    expect((await mk('alike1@example.test', 'look.alike')).body.username).toBe('look.alike');
    expect((await mk('alike2@example.test', 'look_alike')).body.username).toBe('look_alike_2');
  });

  it('ends a Keycloak session when the shell signs out through the API (ADR 0019)', async () => {
    const sub = randomUUID();
    const token = await keycloakToken({ sub, sid: 'kc-session-1', email: 'out@example.test' });
    const other = await keycloakToken({ sub, sid: 'kc-session-2', email: 'out@example.test' });
    expect((await call('/api/v1/me', token)).status).toBe(200);
    expect((await call('/api/v1/auth/sign-out', token, {})).status).toBe(204);
    const state = await call<{ endedSessions: string[] }>(`/internal/sessions/${sub}`);
    expect(state.body.endedSessions).toEqual(['kc-session-1']);
    const deadline = Date.now() + 6_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await call('/api/v1/me', token)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(401);
    expect((await call('/api/v1/me', other)).status).toBe(200);
  });

  it('ends every session for a token whose sid names none it could store', async () => {
    const sub = randomUUID();
    const odd = await keycloakToken({ sub, sid: 'x'.repeat(200), email: 'odd@example.test' });
    expect((await call('/api/v1/auth/sign-out', odd, {})).status).toBe(204);
    const state = await call<{ notBefore: number | null }>(`/internal/sessions/${sub}`);
    expect(state.body.notBefore).toEqual(expect.any(Number));
  });

  it('provisions the profile on the first authenticated request to any route, not only /me', async () => {
    const sub = randomUUID();
    const token = await keycloakToken({
      sub,
      email: 'niamh.first@example.test',
      email_verified: true,
      preferred_username: 'niamh_first',
      name: 'Niamh Ryan',
      roles: ['user'],
    });
    // A public route, called with the token the shell sends once signed in.
    const res = await call('/api/v1/users/niamh_first', token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'niamh_first' });
    expect(await topics(sub)).toEqual(['identity.user.registered.v1', 'identity.user.verified.v1']);
  });

  it('refuses a suspended account on every route while Keycloak still signs its tokens', async () => {
    const sub = randomUUID();
    const token = await keycloakToken({
      sub,
      email: 'suspended@example.test',
      email_verified: true,
      preferred_username: 'suspended_one',
      roles: ['user'],
    });
    expect((await call('/api/v1/me', token)).status).toBe(200);
    await ds.query(
      `UPDATE identity.users SET suspended_at = now(), suspended_reason = 'Counterfeit listings' WHERE id = $1`,
      [sub],
    );
    for (const path of ['/api/v1/me', '/api/v1/users/suspended_one']) {
      const res = await call(path, token);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'IDENTITY.ACCOUNT_SUSPENDED',
        message: 'This account is suspended permanently: Counterfeit listings',
      });
    }
    // Anonymous browsing of the profile still works.
    expect((await call('/api/v1/users/suspended_one')).status).toBe(200);
  });

  it('refuses tokens of any other issuer', async () => {
    const other = await startTestIssuer();
    try {
      const res = await call('/api/v1/me', await other.sign({ sub: randomUUID() }));
      expect(res.status).toBe(401);
    } finally {
      await other.close();
    }
  });
});
