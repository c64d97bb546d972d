import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import {
  type AdminPage,
  type AuditEntryDto,
  type ParkedJobDto,
  type ParkedJobSourceDto,
} from '@loadout/contracts';
import { startServiceUnderTest, type ServiceUnderTest } from '@loadout/service-kit/testing';
import { type AdminConfig } from '../src/admin.config';
import { adminService } from '../src/admin.service';

const job = (id: string): ParkedJobDto => ({
  id,
  orderId: `order-${id}`,
  kind: 'refund_payment',
  attempts: 250,
  lastError: 'gave up: processor answered 503',
  parkedAt: '2026-11-27T02:00:00.000Z',
  createdAt: '2026-11-26T22:00:00.000Z',
});

/**
 * Orders' `internal/jobs/parked` as the orders service answers it (its own test proves the
 * real one): parked jobs by id, retried or discarded once; every call recorded.
 */
async function startOrdersStandIn() {
  const parked = new Map([
    ['7', job('7')],
    ['8', job('8')],
  ]);
  const calls: { method: string; url: string; authorization: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    calls.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization });
    res.setHeader('content-type', 'application/json');
    const send = (status: number, body?: unknown) => {
      res.statusCode = status;
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const m = /^\/internal\/jobs\/parked\/(\d+)(\/retry)?$/.exec(req.url ?? '');
    if (req.method === 'GET' && req.url?.startsWith('/internal/jobs/parked?'))
      return send(200, { items: [...parked.values()] });
    if (m && parked.has(m[1]!) && (req.method === 'POST') === Boolean(m[2])) {
      parked.delete(m[1]!);
      return req.method === 'POST' ? send(200, { retried: true }) : send(204);
    }
    return send(404, { code: 'ORDERS.PARKED_JOB_NOT_FOUND', message: 'No such parked job.' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

describe("orders' parked jobs, from the admin service (issue 23 scenario 7)", () => {
  let issuer: TestIssuer;
  let orders: Awaited<ReturnType<typeof startOrdersStandIn>>;
  let admin: ServiceUnderTest<AdminConfig>;
  let token = '';

  beforeAll(async () => {
    issuer = await startTestIssuer();
    orders = await startOrdersStandIn();
    admin = await startServiceUnderTest(adminService, {
      issuer,
      env: { ORDERS_URL: orders.url },
    });
    token = await admin.token('admin-1', ['user', 'admin']);
  }, 120_000);
  afterAll(async () => {
    await admin?.close();
    await orders?.close();
    await issuer?.close();
  });

  const list = async () =>
    (await admin.call<{ sources: ParkedJobSourceDto[] }>('/api/v1/admin/parked-jobs', { token }))
      .body.sources;

  it("lists orders' parked jobs with the admin's own token; users are refused", async () => {
    expect(await list()).toEqual([
      { service: 'orders', status: 'ok', items: [job('7'), job('8')] },
    ]);
    expect(orders.calls.at(-1)).toEqual({
      method: 'GET',
      url: '/internal/jobs/parked?limit=200',
      authorization: `Bearer ${token}`,
    });
    const user = await admin.token('user-1');
    expect((await admin.call('/api/v1/admin/parked-jobs', { token: user })).status).toBe(403);
    expect(
      (await admin.call('/api/v1/admin/parked-jobs/7/retry', { method: 'POST', token: user }))
        .status,
    ).toBe(403);
    expect((await admin.call('/api/v1/admin/parked-jobs')).status).toBe(401);
  });

  it('retries one and discards another in orders, audits both, and answers 404 for one not parked', async () => {
    const retried = await admin.call('/api/v1/admin/parked-jobs/7/retry', {
      method: 'POST',
      token,
    });
    expect(retried).toMatchObject({ status: 200, body: { retried: true } });
    expect(
      (await admin.call('/api/v1/admin/parked-jobs/8', { method: 'DELETE', token })).status,
    ).toBe(204);
    for (const [method, path] of [
      ['POST', '/api/v1/admin/parked-jobs/7/retry'],
      ['DELETE', '/api/v1/admin/parked-jobs/8'],
      ['DELETE', '/api/v1/admin/parked-jobs/not-an-id'],
    ] as const) {
      const res = await admin.call<{ code: string }>(path, { method, token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ADMIN.PARKED_JOB_NOT_FOUND');
    }
    // An id that is not a job id never reaches orders.
    expect(orders.calls.some((c) => c.url.includes('not-an-id'))).toBe(false);

    const audit = await admin.call<AdminPage<AuditEntryDto>>(
      '/api/v1/admin/audit-log?targetType=parked_job',
      { token },
    );
    expect(audit.body.items.map((e) => [e.action, e.targetId, e.actorId])).toEqual([
      ['parked_job.discarded', 'orders/8', 'admin-1'],
      ['parked_job.retried', 'orders/7', 'admin-1'],
    ]);
  });

  it('reports orders as unavailable when it does not answer', async () => {
    await orders.close();
    expect(await list()).toEqual([{ service: 'orders', status: 'unavailable', items: [] }]);
    const res = await admin.call<{ code: string }>('/api/v1/admin/parked-jobs/7/retry', {
      method: 'POST',
      token,
    });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('ADMIN.SERVICE_UNAVAILABLE');
  });
});
