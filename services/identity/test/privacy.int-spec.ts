import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import {
  type DataExportArchive,
  type DeleteAccountResult,
  type DeletionBlocker,
  type InternalUserProfilesResponse,
} from '@loadout/contracts';
import { useIdentityApp } from './support/identity-harness';
import { signIn } from './support/oidc-flow';

jest.setTimeout(90_000);

interface SeenCall {
  service: string;
  path: string;
  authorization: string | undefined;
}

/**
 * Stands in for listings, orders, messaging and notifications: each answers its
 * `internal/users/{id}/export` with a marker, orders its `deletion-blockers` with whatever
 * the test sets; every call is recorded with the token it carried. `down` services answer 500.
 */
class OtherServices {
  readonly calls: SeenCall[] = [];
  blockers: DeletionBlocker[] = [];
  readonly down = new Set<string>();
  private server!: Server;
  base = '';

  async start(): Promise<this> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const [, service, ...rest] = (req.url ?? '').split('/');
      const path = `/${rest.join('/')}`;
      this.calls.push({ service, path, authorization: req.headers.authorization });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (this.down.has(service)) return send(500, { code: 'COMMON.INTERNAL' });
      const m = /^\/internal\/users\/([^/]+)\/(export|deletion-blockers)$/.exec(path);
      if (!m) return send(404, { code: 'COMMON.NOT_FOUND' });
      if (m[2] === 'deletion-blockers') return send(200, { items: this.blockers });
      return send(200, {
        service,
        exportedAt: new Date().toISOString(),
        data: { marker: `${service}-data-of-${m[1]}` },
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}

/** Issue 26 GDPR self-service (ADR 0039): identity's export and account deletion. */
describe('download my data, delete my account', () => {
  const others = new OtherServices();
  beforeAll(() => others.start());
  afterAll(() => others.close());
  // ADMIN_URL is left unset on purpose: its part must say it is unavailable.
  const t = useIdentityApp(() => ({
    LISTINGS_URL: `${others.base}/listings`,
    ORDERS_URL: `${others.base}/orders`,
    MESSAGING_URL: `${others.base}/messaging`,
    NOTIFICATIONS_URL: `${others.base}/notifications`,
  }));
  const { call } = t;

  const signedIn = async () => {
    const user = await t.signUpAndVerify();
    const tokens = await signIn(t.rp, user);
    return { user, token: tokens.access_token, refresh: tokens.refresh_token! };
  };
  const home = {
    name: 'Aoife Byrne',
    line1: '12 Main Street',
    town: 'Athlone',
    county: 'Westmeath',
    eircode: 'N37 X2C4',
  };

  beforeEach(() => {
    others.calls.length = 0;
    others.blockers = [];
    others.down.clear();
  });

  it('needs a signed-in caller for both routes', async () => {
    expect((await call('/api/v1/me/export')).status).toBe(401);
    expect(
      (await call('/api/v1/me/deletion', { body: { confirmUsername: 'someone' } })).status,
    ).toBe(401);
  });

  it("gathers every service's part with the caller's own token, and says which are missing", async () => {
    const { user, token } = await signedIn();
    const added = await call('/api/v1/me/addresses', { method: 'POST', token, body: home });
    expect(added.status).toBe(201);
    others.down.add('messaging');

    const res = await call<DataExportArchive>('/api/v1/me/export', { token });

    expect(res.status).toBe(200);
    expect(res.body.format).toBe('loadout.data-export.v1');
    expect(res.body.userId).toBe(user.id);
    const identity = res.body.services.identity;
    expect(identity.status).toBe('ok');
    if (identity.status !== 'ok') throw new Error('unreachable');
    expect(identity.data['profile']).toMatchObject({
      id: user.id,
      email: user.email,
      username: user.username,
      fullName: user.fullName,
      dateOfBirth: user.dateOfBirth,
    });
    expect(identity.data['addresses']).toEqual([expect.objectContaining(home)]);
    for (const s of ['listings', 'orders', 'notifications'] as const)
      expect(res.body.services[s]).toMatchObject({
        status: 'ok',
        data: { marker: `${s}-data-of-${user.id}` },
      });
    expect(res.body.services.messaging).toMatchObject({ status: 'unavailable' });
    expect(res.body.services.admin).toMatchObject({ status: 'unavailable' });
    // Each service was asked about the caller only, with the caller's token.
    const asked = others.calls.filter((c) => c.path.endsWith('/export'));
    expect(asked.map((c) => c.service).sort()).toEqual(
      ['listings', 'messaging', 'notifications', 'orders'].sort(),
    );
    for (const c of asked) {
      expect(c.path).toBe(`/internal/users/${user.id}/export`);
      expect(c.authorization).toBe(`Bearer ${token}`);
    }
  });

  it('refuses a deletion without the username typed again', async () => {
    const { token } = await signedIn();
    const res = await call<{ code: string }>('/api/v1/me/deletion', {
      token,
      body: { confirmUsername: 'not-my-name' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IDENTITY.DELETION_CONFIRMATION_MISMATCH');
    expect(others.calls).toEqual([]);
  });

  it('refuses while orders says money is held (409, the reason and the orders), or cannot answer (503)', async () => {
    const { user, token } = await signedIn();
    others.blockers = [
      { reason: 'money_held', orderId: 'order-1', offerId: null, status: 'paid' },
      { reason: 'open_offer', orderId: null, offerId: 'offer-1', status: 'open' },
    ];
    const blocked = await call<{ code: string; message: string; details: unknown }>(
      '/api/v1/me/deletion',
      { token, body: { confirmUsername: user.username.toUpperCase() } },
    );
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('IDENTITY.DELETION_BLOCKED_MONEY_HELD');
    expect(blocked.body.message).toMatch(/holds money/);
    expect(blocked.body.details).toEqual({ blockers: others.blockers });
    expect(others.calls).toEqual([
      {
        service: 'orders',
        path: `/internal/users/${user.id}/deletion-blockers`,
        authorization: `Bearer ${token}`,
      },
    ]);

    others.blockers = [];
    others.down.add('orders');
    const unchecked = await call<{ code: string }>('/api/v1/me/deletion', {
      token,
      body: { confirmUsername: user.username },
    });
    expect(unchecked.status).toBe(503);
    expect(unchecked.body.code).toBe('IDENTITY.DELETION_CHECK_UNAVAILABLE');
    // Nothing was erased either time.
    expect((await call(`/api/v1/users/${user.username}`)).status).toBe(200);
    expect((await t.outbox(user.id)).map((r) => r.topic)).not.toContain('identity.user.deleted.v1');
  });

  it('erases the profile, addresses and sessions, emits the event once, and the account is gone', async () => {
    const { user, token, refresh } = await signedIn();
    expect((await call('/api/v1/me/addresses', { method: 'POST', token, body: home })).status).toBe(
      201,
    );

    const res = await call<DeleteAccountResult>('/api/v1/me/deletion', {
      token,
      body: { confirmUsername: ` ${user.username} ` },
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ deleted: true });
    const [row] = (await t.ds.query(
      `SELECT email, username, display_name, full_name, date_of_birth, password_hash, deleted_at
         FROM identity.users WHERE id = $1`,
      [user.id],
    )) as Record<string, unknown>[];
    expect(row).toMatchObject({
      display_name: 'Deleted user',
      full_name: '',
      date_of_birth: null,
      password_hash: null,
    });
    expect(row['deleted_at']).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(user.email);
    expect(JSON.stringify(row)).not.toContain(user.username);
    const addresses = (await t.ds.query(`SELECT 1 FROM identity.addresses WHERE user_id = $1`, [
      user.id,
    ])) as unknown[];
    expect(addresses).toHaveLength(0);

    const deleted = (await t.outbox(user.id)).filter((r) => r.topic === 'identity.user.deleted.v1');
    expect(deleted).toHaveLength(1);
    expect(deleted[0].envelope.payload).toEqual({ userId: user.id, deletedAt: res.body.deletedAt });

    // Signed out everywhere, cannot sign in again, not found by anyone.
    await expect(t.rp.oidc.refreshTokenGrant(t.rp.config, refresh)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const state = await call<{ notBefore: number | null }>(`/internal/sessions/${user.id}`);
    expect(state.body.notBefore).not.toBeNull();
    await expect(signIn(t.rp, user)).rejects.toThrow(/401/);
    expect((await call(`/api/v1/users/${user.username}`)).status).toBe(404);
    expect((await call(`/internal/users/${user.id}`)).status).toBe(404);
    // The other party of a conversation sees the erased name.
    const names = await call<InternalUserProfilesResponse>(
      `/internal/user-profiles?ids=${user.id}`,
    );
    expect(names.body.items).toEqual([
      { id: user.id, displayName: 'Deleted user', avatarUrl: null },
    ]);
    // The browser's sign-out then reaches the provider without a session (it was ended): the
    // provider's own auto-submitting page must be allowed to run its script by the CSP.
    const end = await fetch(`${t.base}/oidc/session/end`);
    expect(end.status).toBe(200);
    const html = await end.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(script).digest('base64');
    expect(end.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    // The email and username are free for a new account.
    const again = await call('/api/v1/auth/sign-up', {
      body: { ...user, id: undefined },
    });
    expect(again.status).toBe(201);
  });
});
