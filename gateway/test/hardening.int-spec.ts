import 'reflect-metadata';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { startManagementListener } from '@loadout/http';
import { createGateway } from '../src/create-gateway';
import { loadGatewayConfig } from '../src/gateway.config';

/** A real HTTP service behind the gateway that records the headers reaching it. */
async function startUpstream() {
  const seen: IncomingMessage['headers'][] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

async function startGateway(env: Record<string, string>) {
  const app: NestFastifyApplication = await createGateway(
    loadGatewayConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env }),
  );
  await app.listen(0, '127.0.0.1');
  return { app, base: await app.getUrl() };
}

describe('gateway hardening', () => {
  let upstream: Awaited<ReturnType<typeof startUpstream>>;
  const apps: NestFastifyApplication[] = [];
  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await upstream?.close();
  });

  describe('finding 1: forged X-Forwarded-For', () => {
    it('does not reset the per-IP limit and is not passed on as the client address', async () => {
      const { app, base } = await startGateway({
        UPSTREAM_FIELDS_URL: upstream.url,
        RATE_LIMIT_PER_MINUTE: '10',
      });
      apps.push(app);
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await fetch(`${base}/api/v1/fields?n=${i}`, {
          headers: { 'x-forwarded-for': `203.0.113.${i}`, 'x-loadout-client-ip': `10.9.9.${i}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      const last = upstream.seen[upstream.seen.length - 1]!;
      expect(last['x-loadout-client-ip']).toBe('127.0.0.1');
      expect(last['x-forwarded-for']).toBe('127.0.0.1');
    });

    it('believes X-Forwarded-For from a configured load balancer', async () => {
      const { app, base } = await startGateway({
        UPSTREAM_FIELDS_URL: upstream.url,
        TRUSTED_PROXIES: '127.0.0.1',
      });
      apps.push(app);
      await fetch(`${base}/api/v1/fields`, { headers: { 'x-forwarded-for': '198.51.100.23' } });
      expect(upstream.seen[upstream.seen.length - 1]!['x-loadout-client-ip']).toBe('198.51.100.23');
    });
  });

  describe('finding 3: the dev mailbox', () => {
    it('is not routed unless DEV_MAILBOX=on', async () => {
      const { app, base } = await startGateway({ UPSTREAM_NOTIFICATIONS_URL: upstream.url });
      apps.push(app);
      const before = upstream.seen.length;
      for (const [method, path] of [
        ['GET', '/dev/mailbox'],
        ['GET', '/dev/mailbox/messages'],
        ['DELETE', '/dev/mailbox/messages'],
      ] as const) {
        const res = await fetch(`${base}${path}`, { method });
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ code: 'COMMON.NOT_FOUND' });
      }
      expect(upstream.seen.length).toBe(before);
    });
  });

  describe('finding 6: metrics and readiness', () => {
    it('answer only on the management listener, which serves nothing else', async () => {
      const { app, base } = await startGateway({ UPSTREAM_FIELDS_URL: upstream.url });
      apps.push(app);
      for (const path of ['/metrics', '/health/ready', '/health/ready/', '/metrics?x=1']) {
        const res = await fetch(`${base}${path}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ code: 'COMMON.NOT_FOUND' });
      }
      expect((await fetch(`${base}/health/live`)).status).toBe(200);

      const management = await startManagementListener(
        app.getHttpAdapter().getInstance(),
        0,
        '127.0.0.1',
      );
      try {
        const mbase = `http://127.0.0.1:${management.port}`;
        expect((await fetch(`${mbase}/health/ready`)).status).toBe(200);
        expect(await (await fetch(`${mbase}/metrics`)).text()).toContain(
          'http_request_duration_seconds',
        );
        expect((await fetch(`${mbase}/api/v1/fields`)).status).toBe(404);
      } finally {
        await management.close();
      }
    });
  });
});

const redisUrl = process.env['REDIS_URL'];
if (!redisUrl) {
  console.log('skipped: the rate limit shared by two gateway replicas (REDIS_URL is not set)');
} else {
  describe('the rate limit shared by two replicas through Redis', () => {
    let upstream: Awaited<ReturnType<typeof startUpstream>>;
    const apps: NestFastifyApplication[] = [];
    afterAll(async () => {
      for (const app of apps) await app.close();
      await upstream?.close();
    });

    it('counts a client on both replicas together', async () => {
      upstream = await startUpstream();
      const env = {
        UPSTREAM_FIELDS_URL: upstream.url,
        REDIS_URL: redisUrl,
        TRUSTED_PROXIES: '127.0.0.1',
        RATE_LIMIT_PER_MINUTE: '10',
      };
      const a = await startGateway(env);
      const b = await startGateway(env);
      apps.push(a.app, b.app);
      // A client address of its own, so other runs on the same Redis do not count with it.
      const client = `198.51.100.${1 + Math.floor(Math.random() * 250)}, 10.${Date.now() % 250}.0.1`;
      const call = async (base: string) =>
        (await fetch(`${base}/api/v1/fields`, { headers: { 'x-forwarded-for': client } })).status;
      const first: number[] = [];
      for (let i = 0; i < 7; i++) first.push(await call(a.base));
      expect(first.every((s) => s === 200)).toBe(true);
      // The first replica's batch (every 100 ms) reaches Redis; the second learns of it with
      // its own first batch.
      await new Promise((r) => setTimeout(r, 300));
      const second: number[] = [await call(b.base)];
      await new Promise((r) => setTimeout(r, 300));
      for (let i = 0; i < 4; i++) second.push(await call(b.base));
      // 7 on A + 1 on B = 8; then B answers 9 and 10, and refuses the 11th and 12th.
      expect(second).toEqual([200, 200, 200, 429, 429]);
    });
  });
}
