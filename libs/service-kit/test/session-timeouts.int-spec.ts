import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { loadConfig, portVar, serviceEnv } from '@loadout/config';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { createServiceDataSource, defineService, pooledDatabaseUrl } from '../src';
import { Client } from 'pg';

jest.setTimeout(30_000);

const env = serviceEnv.extend({ PORT: portVar(3998) });
const loadTimeoutsConfig = (e: NodeJS.ProcessEnv = process.env) => loadConfig(env, e);
const service = defineService({
  name: 'kit_timeouts',
  loadConfig: loadTimeoutsConfig,
  configToken: Symbol('KIT_TIMEOUTS_CONFIG'),
  entities: [],
  migrations: [],
  // A service's own connection settings stay alongside the limits (listings' trigram one).
  connectionOptions: '-c work_mem=5MB',
  modules: () => [],
});

/** Issue 22 item 4: no pooled session can wait, run or sit in a transaction forever. */
describe('database session limits of every pool (ADR 0026)', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('kit_timeouts');
    ds = createServiceDataSource(
      service,
      loadTimeoutsConfig({
        DATABASE_URL: db.url,
        DB_LOCK_TIMEOUT_MS: '300',
        DB_STATEMENT_TIMEOUT_MS: '1500',
        DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '400',
      }),
    );
    await ds.initialize();
    await ds.query(`CREATE TABLE kit_rows (id int PRIMARY KEY, n int NOT NULL)`);
    await ds.query(`INSERT INTO kit_rows VALUES (1, 0)`);
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('sets the configured limits on its connections, with the service own options kept', async () => {
    const [row] = (await ds.query(
      `SELECT current_setting('lock_timeout') AS lock, current_setting('statement_timeout') AS stmt,
              current_setting('idle_in_transaction_session_timeout') AS idle,
              current_setting('work_mem') AS app`,
    )) as { lock: string; stmt: string; idle: string; app: string }[];
    expect(row).toEqual({
      lock: '300ms',
      stmt: '1500ms',
      idle: '400ms',
      app: '5MB',
    });
  });

  it('ends a stuck idle-in-transaction session holding a row lock, and frees the lock', async () => {
    const stuck = ds.createQueryRunner();
    await stuck.connect();
    await stuck.startTransaction();
    await stuck.query(`SELECT * FROM kit_rows WHERE id = 1 FOR UPDATE`);
    // The holder now waits for something else (as the refund job waited for a second
    // connection): the server ends its session after 400 ms.
    await new Promise((r) => setTimeout(r, 1_200));
    await expect(stuck.query(`SELECT 1`)).rejects.toThrow();
    await stuck.release().catch(() => undefined);
    const started = Date.now();
    await ds.transaction(async (tx) => {
      await tx.query(`UPDATE kit_rows SET n = n + 1 WHERE id = 1`);
    });
    expect(Date.now() - started).toBeLessThan(1_000);
    const idle = (await ds.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state = 'idle in transaction'`,
    )) as { n: number }[];
    expect(idle[0]!.n).toBe(0);
  });

  it('gives up waiting for a lock after lock_timeout with an error, not a hang', async () => {
    const holder = ds.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      await holder.query(`SELECT * FROM kit_rows WHERE id = 1 FOR UPDATE`);
      const started = Date.now();
      await expect(
        ds.transaction((tx) => tx.query(`UPDATE kit_rows SET n = n + 1 WHERE id = 1`)),
      ).rejects.toMatchObject({ driverError: { code: '55P03' } });
      expect(Date.now() - started).toBeLessThan(1_200);
    } finally {
      await holder.rollbackTransaction().catch(() => undefined);
      await holder.release();
    }
  });

  it('cancels a statement that runs longer than statement_timeout', async () => {
    await expect(ds.query(`SELECT pg_sleep(5)`)).rejects.toMatchObject({
      driverError: { code: '57014' },
    });
  });

  it('puts the same limits on pools built from a URL (outbox relay, event transport)', async () => {
    const client = new Client({
      connectionString: pooledDatabaseUrl(
        loadTimeoutsConfig({ DATABASE_URL: db.url, DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '400' }),
      ),
    });
    await client.connect();
    try {
      const { rows } = await client.query<{ idle: string; lock: string }>(
        `SELECT current_setting('idle_in_transaction_session_timeout') AS idle,
                current_setting('lock_timeout') AS lock`,
      );
      expect(rows[0]).toEqual({ idle: '400ms', lock: '5s' });
    } finally {
      await client.end();
    }
  });
});
