import 'reflect-metadata';
import { createServer } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Controller, Get, Inject, Module } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { Public } from '@loadout/auth';
import { loadConfig, portVar, serviceEnv } from '@loadout/config';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { listen } from '@loadout/http';
import { createServiceApp, createServiceDataSource, defineService, migrateService } from '../src';

// A throwaway database, its migration and a Nest app take well under a second alone, but over
// jest's 5 s on two cores shared with other builds (load average 30-40, 2026-11-26).
jest.setTimeout(30_000);

const KIT_CONFIG = Symbol('KIT_CONFIG');
const kitEnv = serviceEnv.extend({ PORT: portVar(3999) });
type KitConfig = ReturnType<typeof loadKitConfig>;
const loadKitConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(kitEnv, env);

class CreateGadgets1700000000000 implements MigrationInterface {
  name = 'CreateGadgets1700000000000';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "kit"."gadgets" ("id" text PRIMARY KEY, "name" text NOT NULL)`);
    await q.query(`INSERT INTO "kit"."gadgets" VALUES ('g1', 'Chronograph')`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "kit"."gadgets"`);
  }
}

@Controller('api/v1/gadgets')
class GadgetsController {
  constructor(@Inject(KIT_CONFIG) private readonly config: KitConfig) {}

  @Public()
  @Get('port')
  port() {
    return { port: this.config.PORT };
  }
}

@Module({ controllers: [GadgetsController] })
class GadgetsModule {}

const kitService = defineService({
  name: 'kit',
  loadConfig: loadKitConfig,
  configToken: KIT_CONFIG,
  entities: [],
  migrations: [CreateGadgets1700000000000],
  modules: () => [GadgetsModule],
});

describe('a service built with the kit, on a real database', () => {
  let db: TestDatabase;
  let app: NestFastifyApplication;
  let base: string;
  let config: KitConfig;

  beforeAll(async () => {
    db = await createTestDatabase('kit');
    config = loadKitConfig({
      DATABASE_URL: db.url,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      PORT: '4321',
    });
    app = await createServiceApp(kitService, config);
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('creates its schema and applies its migrations once', async () => {
    expect(await migrateService(kitService, config)).toEqual(['CreateGadgets1700000000000']);
    expect(await migrateService(kitService, config)).toEqual([]);
    const ds = createServiceDataSource(kitService, config);
    await ds.initialize();
    try {
      expect(await ds.query(`SELECT "name" FROM "kit"."gadgets"`)).toEqual([
        { name: 'Chronograph' },
      ]);
    } finally {
      await ds.destroy();
    }
  });

  it("serves the service's routes with its config injected", async () => {
    const res = await fetch(`${base}/api/v1/gadgets/port`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ port: 4321 });
  });

  it('reports the database in readiness', async () => {
    const res = await fetch(`${base}/health/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'up' } });
  });

  it("reports its database pool's connections on /metrics (issue 22)", async () => {
    await fetch(`${base}/health/ready`); // a query, so the pool has opened a connection
    const text = await (await fetch(`${base}/metrics`)).text();
    const gauge = (state: string) =>
      Number(new RegExp(`^db_pool_connections\\{state="${state}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    expect(gauge('max')).toBe(config.DB_POOL_SIZE);
    expect(gauge('total')).toBeGreaterThanOrEqual(1);
    expect(gauge('idle')).toBeGreaterThanOrEqual(1);
    expect(gauge('waiting')).toBe(0);
  });

  it('answers unknown routes with the house error shape', async () => {
    const res = await fetch(`${base}/api/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: expect.any(String),
      requestId: expect.any(String),
    });
  });
});

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The kit service on a migrated throwaway database with `env`, listening on a free port. */
async function startKit(
  label: string,
  env: NodeJS.ProcessEnv,
): Promise<{ app: NestFastifyApplication; base: string; stop: () => Promise<void> }> {
  const db = await createTestDatabase(label);
  const config = loadKitConfig({
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...env,
  });
  await migrateService(kitService, config);
  const app = await createServiceApp(kitService, config);
  await listen(app, await freePort(), '127.0.0.1', 'kit');
  return {
    app,
    base: await app.getUrl(),
    stop: async () => {
      await app.close();
      await db.drop();
    },
  };
}

// Kubernetes scrapes every app on a management port the NetworkPolicies open to the monitoring
// namespace only (issue 27, item 7); the public port keeps serving the API.
describe('a kit service with MANAGEMENT_PORT', () => {
  let kit: Awaited<ReturnType<typeof startKit>>;
  let managementPort: number;

  beforeAll(async () => {
    managementPort = await freePort();
    kit = await startKit('kit_mgmt', { MANAGEMENT_PORT: String(managementPort) });
  });

  afterAll(async () => kit?.stop());

  it('answers /metrics and /health/ready only on the management port', async () => {
    const management = `http://127.0.0.1:${managementPort}`;
    expect((await fetch(`${management}/metrics`)).status).toBe(200);
    expect((await fetch(`${management}/health/ready`)).status).toBe(200);
    expect((await fetch(`${kit.base}/metrics`)).status).toBe(404);
    expect((await fetch(`${kit.base}/health/ready`)).status).toBe(404);
    expect((await fetch(`${kit.base}/health/live`)).status).toBe(200);
    expect((await fetch(`${kit.base}/api/v1/gadgets/port`)).status).toBe(200);
  });
});

// The outbox keeps every write while Kafka is away, so a broker outage or a long rebalance must
// not take the pods out of service; lag and connectivity are metrics with an alert (issue 27, 9).
describe('a kit service with MANAGEMENT_PORT, closed', () => {
  // Nest hands out a proxy of the app: the listener must follow the app's server, or it stays
  // open after close and keeps the process (and jest) alive.
  it('stops answering on the management port when the app closes', async () => {
    const managementPort = await freePort();
    const kit = await startKit('kit_mgmt_close', { MANAGEMENT_PORT: String(managementPort) });
    const management = `http://127.0.0.1:${managementPort}/health/live`;
    expect((await fetch(management)).status).toBe(200);
    await kit.stop();
    await expect(fetch(management)).rejects.toThrow();
  });
});

describe('a kit service on Kafka while no broker answers', () => {
  let kit: Awaited<ReturnType<typeof startKit>>;

  // Nothing listens on the discard port.
  beforeAll(async () => {
    kit = await startKit('kit_kafka_down', {
      EVENT_TRANSPORT: 'kafka',
      KAFKA_BROKERS: '127.0.0.1:9',
    });
  });

  afterAll(async () => kit?.stop());

  it('stays ready: readiness is its own database only', async () => {
    const res = await fetch(`${kit.base}/health/ready`);
    expect(await res.json()).toEqual({ status: 'ok', checks: { database: 'up' } });
    expect(res.status).toBe(200);
  });
});
