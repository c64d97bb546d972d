import 'reflect-metadata';
import { Controller, Get, Inject, Module } from '@nestjs/common';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { type MigrationInterface, type QueryRunner } from 'typeorm';
import { Public } from '@loadout/auth';
import { loadConfig, portVar, serviceEnv } from '@loadout/config';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceApp, createServiceDataSource, defineService, migrateService } from '../src';

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

  it('answers unknown routes with the house error shape', async () => {
    const res = await fetch(`${base}/api/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      code: expect.any(String),
      requestId: expect.any(String),
    });
  });
});
