import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { type DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { type DeleteAccountResult } from '@loadout/contracts';
import { retryDelayMs } from '@loadout/db';
import { type TestDatabase } from '@loadout/db/testing';
import { waitFor } from '@loadout/events/testing';
import { type OwnProfile } from '../src/accounts/persistence/user.mapper';
import { loadIdentityConfig } from '../src/identity.config';
import { KeycloakAdminClient } from '../src/privacy/delete-keycloak-user/keycloak-admin-client';
import { KeycloakUserDeletions } from '../src/privacy/delete-keycloak-user/keycloak-user-deletions';
import { startIdentity, type RunningIdentity } from './support/identity-app';
import { KeycloakAdminStandIn } from './support/keycloak-admin-stand-in';

jest.setTimeout(60_000);

const SECRET = 'test-only-identity-admin-secret';

/**
 * Keycloak mode, "Delete my account" (ADR 0039, amended): after the local erasure commits,
 * the realm user is deleted through Keycloak's admin REST API, retried while Keycloak is away.
 * Keycloak itself is played by a real HTTP server speaking its wire format (the token endpoint
 * and the admin API's DELETE user); the last block runs against a real Keycloak when one is
 * named (LOADOUT_KEYCLOAK_URL, as the full test run starts it).
 */
describe('Keycloak mode: a deleted account leaves the realm', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let realm: TestIssuer;
  let keycloak: KeycloakAdminStandIn;
  let identity: RunningIdentity;
  let deletions: KeycloakUserDeletions;

  const call = async <T = unknown>(path: string, token: string, body?: unknown) => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${identity.base}${path}`, {
      method: body !== undefined ? 'POST' : 'GET',
      headers,
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };

  /** A realm user signed in to identity once (profile provisioned from the token). */
  const realmUser = async (name: string) => {
    const sub = randomUUID();
    keycloak.users.add(sub);
    const token = await realm.sign({
      sub,
      email: `${name}@example.test`,
      email_verified: true,
      preferred_username: name,
      name,
      roles: ['user'],
    });
    const me = await call<OwnProfile>('/api/v1/me', token);
    expect(me.status).toBe(200);
    return { id: sub, token, username: me.body.username };
  };

  const deleteAccount = (user: { token: string; username: string }) =>
    call<DeleteAccountResult & { code?: string }>('/api/v1/me/deletion', user.token, {
      confirmUsername: user.username,
    });

  beforeAll(async () => {
    realm = await startTestIssuer();
    keycloak = await new KeycloakAdminStandIn('loadout', 'loadout-identity', SECRET).start();
    identity = await startIdentity({
      label: 'identity_kc_delete',
      // The test issuer plays the realm.
      issuer: realm,
      env: {
        IDENTITY_PROVIDER: 'keycloak',
        KEYCLOAK_URL: 'http://localhost:8180',
        KEYCLOAK_ADMIN_URL: keycloak.url,
        KEYCLOAK_ADMIN_CLIENT_SECRET: SECRET,
        KEYCLOAK_REALM: 'loadout',
        // The stand-in also answers orders' deletion check (no blockers).
        ORDERS_URL: keycloak.url,
        AUTH_JWKS_URL: realm.jwksUrl,
      },
    });
    ({ ds, db } = identity);
    deletions = identity.app.get(KeycloakUserDeletions);
  });

  afterAll(async () => {
    await identity?.close();
    await keycloak?.close();
    await realm?.close();
  });

  it('deletes the realm user once the local erasure committed, as the confidential client', async () => {
    const user = await realmUser('aoife');
    const res = await deleteAccount(user);
    expect(res.status).toBe(200);
    expect(res.body.deleted).toBe(true);

    await waitFor('realm user deleted', async () => keycloak.deleted.includes(user.id));
    await waitFor('task done', async () => (await deletions.pending()).length === 0);
    expect(keycloak.users.has(user.id)).toBe(false);
    expect(keycloak.tokenRequests.at(-1)).toEqual({
      grant_type: 'client_credentials',
      client_id: 'loadout-identity',
      client_secret: SECRET,
    });
    // The local erasure is what the deletion route answered for.
    const [row] = (await ds.query(`SELECT deleted_at, email FROM identity.users WHERE id = $1`, [
      user.id,
    ])) as { deleted_at: Date | null; email: string }[];
    expect(row!.deleted_at).not.toBeNull();
    expect(row!.email).toMatch(/^deleted-.+@deleted\.invalid$/);
  });

  it('keeps the deletion through a Keycloak outage and retries it with backoff', async () => {
    const user = await realmUser('brian');
    keycloak.down = true;
    const res = await deleteAccount(user);
    // The account is erased locally whatever Keycloak does.
    expect(res.status).toBe(200);
    // The attempt right after the commit fails and is recorded (the claim comes first).
    await waitFor('first attempt failed', async () => !!(await deletions.pending())[0]?.lastError);
    const [waiting] = await deletions.pending();
    expect(waiting).toMatchObject({ key: user.id, attempts: 1 });
    expect(waiting!.lastError).toContain('503');
    expect(keycloak.users.has(user.id)).toBe(true);

    // Not before its time, even with Keycloak back.
    keycloak.down = false;
    expect(await deletions.deleteDue(new Date())).toEqual({ done: 0, failed: 0 });
    const due = new Date(waiting!.nextAttemptAt.getTime() + 1);
    expect(waiting!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 10_000);
    expect(await deletions.deleteDue(due)).toEqual({ done: 1, failed: 0 });
    expect(keycloak.users.has(user.id)).toBe(false);
    expect(await deletions.pending()).toEqual([]);
  });

  it('counts a user already gone from the realm as deleted (404), and renews a refused token', async () => {
    const gone = await realmUser('ciara');
    keycloak.users.delete(gone.id); // an operator removed it by hand meanwhile
    expect((await deleteAccount(gone)).status).toBe(200);
    await waitFor('nothing left to retry', async () => (await deletions.pending()).length === 0);
    expect(keycloak.deleted).not.toContain(gone.id);

    const requestsBefore = keycloak.tokenRequests.length;
    keycloak.revokeTokens(); // Keycloak no longer accepts the token identity holds
    const user = await realmUser('dara');
    expect((await deleteAccount(user)).status).toBe(200);
    await waitFor('realm user deleted', async () => keycloak.deleted.includes(user.id));
    expect(keycloak.tokenRequests.length).toBe(requestsBefore + 1);
  });

  it('retries when the client secret is wrong, and says why', async () => {
    const wrong = new KeycloakAdminClient(
      loadIdentityConfig({
        DATABASE_URL: db.url,
        IDENTITY_PROVIDER: 'keycloak',
        KEYCLOAK_URL: keycloak.url,
        KEYCLOAK_ADMIN_CLIENT_SECRET: 'not-the-secret',
        AUTH_AUDIENCE: realm.audience,
        NODE_ENV: 'test',
      }),
    );
    keycloak.users.add('someone');
    await expect(wrong.delete('someone')).rejects.toThrow(/token request .* HTTP 401/);
    expect(keycloak.users.has('someone')).toBe(true);
  });

  it('refuses to start in production Keycloak mode without the client secret', () => {
    expect(() =>
      loadIdentityConfig({
        DATABASE_URL: db.url,
        IDENTITY_PROVIDER: 'keycloak',
        KEYCLOAK_URL: 'https://auth.loadout.example',
        AUTH_AUDIENCE: 'https://loadout.example/api',
        NODE_ENV: 'production',
      }),
    ).toThrow(/KEYCLOAK_ADMIN_CLIENT_SECRET/);
  });
});

const realKeycloak = process.env['LOADOUT_KEYCLOAK_URL'];
if (!realKeycloak)
  console.log(
    'skipped: LOADOUT_KEYCLOAK_URL not set: the realm-user deletion against a real Keycloak (the full test run starts one)',
  );
else
  describe('KeycloakAdminClient against a real Keycloak (realm of infra/keycloak)', () => {
    const realmName = process.env['LOADOUT_KEYCLOAK_REALM'] ?? 'loadout';
    const master = async () => {
      const res = await fetch(`${realKeycloak}/realms/master/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'password',
          client_id: 'admin-cli',
          username: process.env['LOADOUT_KEYCLOAK_ADMIN_USER'] ?? 'admin',
          password: process.env['LOADOUT_KEYCLOAK_ADMIN_PASSWORD'] ?? 'admin',
        }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const users = `${realKeycloak}/admin/realms/${realmName}/users`;

    it("deletes a realm user as identity's own client, then finds it already gone", async () => {
      const admin = await master();
      const username = `gdpr_${randomUUID().slice(0, 8)}`;
      const created = await fetch(users, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          username,
          email: `${username}@example.test`,
          enabled: true,
          emailVerified: true,
          attributes: { fullName: ['GDPR Test'], ageConfirmed: ['yes'], termsAccepted: ['yes'] },
        }),
      });
      expect(created.status).toBe(201);
      const id = created.headers.get('location')!.split('/').pop()!;

      const client = new KeycloakAdminClient(
        loadIdentityConfig({
          DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
          IDENTITY_PROVIDER: 'keycloak',
          KEYCLOAK_URL: realKeycloak,
          KEYCLOAK_REALM: realmName,
          KEYCLOAK_ADMIN_CLIENT_SECRET:
            process.env['KEYCLOAK_ADMIN_CLIENT_SECRET'] ?? 'loadout-identity-dev-only-secret',
          AUTH_AUDIENCE: 'loadout-api',
          NODE_ENV: 'test',
        }),
      );
      expect(await client.delete(id)).toBe('deleted');
      const after = await fetch(`${users}/${id}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(after.status).toBe(404);
      expect(await client.delete(id)).toBe('already_gone');
    });
  });
