import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { loadConfig, portVar, serviceEnv } from '@loadout/config';
import { DEFAULT_POOL_IDLE_TIMEOUT_MS } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceDataSource, defineService, poolOf } from '../src';

jest.setTimeout(30_000);

const env = serviceEnv.extend({ PORT: portVar(3997) });
const loadPoolConfig = (e: NodeJS.ProcessEnv) => loadConfig(env, e);
const service = defineService({
  name: 'kit_pool_idle',
  loadConfig: loadPoolConfig,
  configToken: Symbol('KIT_POOL_IDLE_CONFIG'),
  entities: [],
  migrations: [],
  modules: () => [],
});

const openConnections = (ds: DataSource) => poolOf(ds)!.totalCount;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Opens `n` connections at once (a burst), then leaves them all idle. */
async function burst(ds: DataSource, n: number): Promise<void> {
  await Promise.all(Array.from({ length: n }, () => ds.query(`SELECT pg_sleep(0.05)`)));
}

/**
 * Issue 28: pg's default closed a pooled connection after 10 s unused, so every burst reopened
 * what the last one had opened (a backend forked per connection, and its requests waiting).
 */
describe('how long an unused pooled connection stays open (DB_POOL_IDLE_TIMEOUT_MS)', () => {
  let db: TestDatabase;
  const sources: DataSource[] = [];

  const source = async (vars: NodeJS.ProcessEnv) => {
    const ds = createServiceDataSource(service, loadPoolConfig({ DATABASE_URL: db.url, ...vars }));
    sources.push(ds);
    await ds.initialize();
    return ds;
  };

  beforeAll(async () => {
    db = await createTestDatabase('kit_pool_idle');
  });

  afterAll(async () => {
    await Promise.all(sources.map((ds) => ds.destroy()));
    await db?.drop();
  });

  it('closes the connections of a burst once they sat unused for the configured time', async () => {
    const ds = await source({ DB_POOL_SIZE: '4', DB_POOL_IDLE_TIMEOUT_MS: '1000' });
    await burst(ds, 4);
    expect(openConnections(ds)).toBe(4);
    await sleep(1_800);
    expect(openConnections(ds)).toBe(0);
  });

  it('keeps them by default for the next burst, a minute rather than pg’s 10 s', async () => {
    const ds = await source({ DB_POOL_SIZE: '4' });
    expect(DEFAULT_POOL_IDLE_TIMEOUT_MS).toBe(60_000);
    expect(poolOf(ds)!.options.idleTimeoutMillis).toBe(DEFAULT_POOL_IDLE_TIMEOUT_MS);
    await burst(ds, 4);
    const backends = async () =>
      (
        (await ds.query(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'kit_pool_idle' ORDER BY pid`,
        )) as { pid: number }[]
      ).map((r) => r.pid);
    const before = await backends();
    await sleep(1_800);
    expect(openConnections(ds)).toBe(4);
    await burst(ds, 4);
    // The second burst ran on the same server sessions: no backend was started for it.
    expect(await backends()).toEqual(before);
  });

  it('refuses an idle time under a second', () => {
    expect(() => loadPoolConfig({ DATABASE_URL: db.url, DB_POOL_IDLE_TIMEOUT_MS: '10' })).toThrow(
      /DB_POOL_IDLE_TIMEOUT_MS/,
    );
  });
});
