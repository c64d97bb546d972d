import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { Client, Pool, type PoolClient } from 'pg';
import {
  createEventTables,
  OUTBOX_CHANNEL,
  OutboxRelay,
  OutboxWriter,
  pgTransactionRunner,
  PostgresEventTransport,
  RELAY_IDLE_LOCK,
} from '../src/index';
import { waitFor } from '../src/testing';
import { fieldCreated } from './factories/field-event.factory';
import { recordingLogger } from './support/test-logger';

/**
 * Issue 28: a commit wakes the relay with NOTIFY only while the relay sleeps (NOTIFY takes
 * PostgreSQL's cluster-wide notification lock at COMMIT); a relay that is awake finds the rows
 * itself, and never goes to sleep while a writer's row is not yet committed.
 */
describe('outbox relay wake-ups', () => {
  let db: TestDatabase;
  let pool: Pool;
  let listener: Client;
  const notified: string[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  const writer = new OutboxWriter();

  beforeAll(async () => {
    db = await createTestDatabase('events_relay');
    pool = new Pool({ connectionString: db.url, max: 6 });
    listener = new Client({ connectionString: db.url });
    await listener.connect();
    listener.on('notification', (msg) => notified.push(msg.payload ?? ''));
    await listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
  });

  afterEach(async () => {
    for (let c = cleanups.pop(); c; c = cleanups.pop()) await c();
  });

  afterAll(async () => {
    await listener?.end();
    await pool?.end();
    await db?.drop();
  });

  async function newSchema(): Promise<string> {
    const schema = `relay_${randomBytes(4).toString('hex')}`;
    await createEventTables(pool, schema);
    return schema;
  }

  const commit = (schema: string) =>
    pgTransactionRunner(pool).transaction((tx: PoolClient) =>
      writer.append(tx, schema, fieldCreated()),
    );

  const unpublished = async (schema: string): Promise<number> =>
    (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM "${schema}"."outbox" WHERE published_at IS NULL`,
      )
    ).rows[0]!.n;

  async function startRelay(schema: string): Promise<void> {
    const transport = new PostgresEventTransport({ connectionString: db.url });
    // Polling once a minute: anything shipped within seconds came through a wake-up.
    const relay = new OutboxRelay({
      databaseUrl: db.url,
      schema,
      transport,
      pollIntervalMs: 60_000,
      logger: recordingLogger(),
    });
    cleanups.push(async () => {
      await relay.stop();
      await transport.close();
    });
    await relay.start();
  }

  /** True while a relay holds RELAY_IDLE_LOCK (the shared try fails). */
  const relaySleeps = async (schema: string): Promise<boolean> => {
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ free: boolean }>(
        `SELECT pg_try_advisory_lock_shared(hashtext($1), hashtext($2)) AS free`,
        [RELAY_IDLE_LOCK, schema],
      );
      if (rows[0]!.free)
        await client.query(`SELECT pg_advisory_unlock_shared(hashtext($1), hashtext($2))`, [
          RELAY_IDLE_LOCK,
          schema,
        ]);
      return !rows[0]!.free;
    } finally {
      client.release();
    }
  };

  const sessionHoldingIdleLock = async (schema: string): Promise<Client> => {
    const session = new Client({ connectionString: db.url });
    await session.connect();
    cleanups.push(() => session.end());
    await session.query(`SELECT pg_advisory_lock(hashtext($1), hashtext($2))`, [
      RELAY_IDLE_LOCK,
      schema,
    ]);
    return session;
  };

  it('notifies on a commit while a relay sleeps, and not while none does', async () => {
    const schema = await newSchema();
    const session = await sessionHoldingIdleLock(schema);
    await commit(schema);
    await waitFor('the notification', () => notified.includes(schema), 3_000);

    await session.query(`SELECT pg_advisory_unlock(hashtext($1), hashtext($2))`, [
      RELAY_IDLE_LOCK,
      schema,
    ]);
    notified.length = 0;
    await commit(schema);
    await new Promise((r) => setTimeout(r, 500));
    expect(notified).not.toContain(schema);
    expect(await unpublished(schema)).toBe(2);
  });

  it('writes several events of one statement in the order given, with one wake-up', async () => {
    const schema = await newSchema();
    await sessionHoldingIdleLock(schema);
    notified.length = 0;
    const events = Array.from({ length: 5 }, () => ({ event: fieldCreated() }));
    const rows = writer.prepareRows(schema, events, 2);
    await pgTransactionRunner(pool).transaction((tx: PoolClient) =>
      tx.query(`WITH e AS (${rows.insert}) SELECT $1::int AS one, ${rows.notify}`, [
        1,
        ...rows.params,
      ]),
    );
    const stored = await pool.query<{ id: string }>(
      `SELECT id FROM "${schema}"."outbox" ORDER BY seq`,
    );
    expect(stored.rows.map((r) => r.id)).toEqual(rows.envelopes.map((e) => e.id));
    await waitFor('the notification', () => notified.includes(schema), 3_000);
    expect(notified.filter((n) => n === schema)).toHaveLength(1);
  });

  it('writes guarded rows only when the guard holds, in the order given', async () => {
    const schema = await newSchema();
    const write = async (allowed: boolean) => {
      const rows = writer.prepareRows(
        schema,
        Array.from({ length: 3 }, () => ({ event: fieldCreated() })),
        2,
        '$1::boolean',
      );
      // One statement outside a transaction: it commits as one.
      await pool.query(`WITH e AS (${rows.insert}) SELECT ${rows.notify}`, [
        allowed,
        ...rows.params,
      ]);
      return rows.envelopes.map((e) => e.id);
    };
    await write(false);
    const kept = await write(true);
    const stored = await pool.query<{ id: string }>(
      `SELECT id FROM "${schema}"."outbox" ORDER BY seq`,
    );
    expect(stored.rows.map((r) => r.id)).toEqual(kept);
  });

  it('wakes a sleeping relay with the commit', async () => {
    const schema = await newSchema();
    await startRelay(schema);
    await waitFor('the relay to sleep', () => relaySleeps(schema), 5_000);
    notified.length = 0;
    await commit(schema);
    await waitFor('the row shipped', async () => (await unpublished(schema)) === 0, 5_000);
    // The relay can ship before this test's own LISTEN session reads the same NOTIFY (CI, under
    // load): wait for it rather than read it at once; a commit that did not notify never arrives.
    await waitFor('the notification', () => notified.includes(schema), 5_000);
  });

  it('does not sleep through a row whose transaction was open when it looked', async () => {
    const schema = await newSchema();
    const tx = await pool.connect();
    cleanups.push(async () => tx.release());
    await tx.query('BEGIN');
    await writer.append(tx, schema, fieldCreated());
    await startRelay(schema);
    await new Promise((r) => setTimeout(r, 300));
    notified.length = 0;
    await tx.query('COMMIT');
    await waitFor('the row shipped', async () => (await unpublished(schema)) === 0, 5_000);
    // The writer saw an awake relay: no NOTIFY was needed.
    expect(notified).not.toContain(schema);
  });

  it('ships nothing while another relay of the schema holds its lock, then ships in order', async () => {
    const schema = await newSchema();
    await commit(schema);
    await commit(schema);
    const transport = new PostgresEventTransport({ connectionString: db.url });
    const published: string[] = [];
    const recording = {
      ...transport,
      publish: async (events: readonly { id: string }[]) => {
        published.push(...events.map((e) => e.id));
      },
    } as unknown as PostgresEventTransport;
    const relay = new OutboxRelay({ databaseUrl: db.url, schema, transport: recording });
    cleanups.push(async () => {
      await relay.stop();
      await transport.close();
    });
    // Another relay mid-batch: it holds the schema's relay lock in its transaction.
    const other = await pool.connect();
    cleanups.push(async () => other.release());
    await other.query('BEGIN');
    await other.query(`SELECT pg_advisory_xact_lock(hashtext('loadout.outbox'), hashtext($1))`, [
      schema,
    ]);
    expect(await relay.relayBatch()).toBe(0);
    expect(await unpublished(schema)).toBe(2);
    await other.query('COMMIT');
    expect(await relay.relayBatch()).toBe(2);
    expect(await unpublished(schema)).toBe(0);
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM "${schema}"."outbox" ORDER BY seq`,
    );
    expect(published).toEqual(rows.map((r) => r.id));
    // Nothing waiting: the look is one statement, and nothing is shipped again.
    expect(await relay.relayBatch()).toBe(0);
    expect(published).toHaveLength(2);
  });

  /** A relay whose transport only hands the published ids to `publish` (which may throw). */
  function publishOnlyRelay(schema: string, publish: (ids: string[]) => void): OutboxRelay {
    const relay = new OutboxRelay({
      databaseUrl: db.url,
      schema,
      transport: {
        publish: async (events) => publish(events.map((e) => e.id)),
        subscribe: () => Promise.reject(new Error('publish only')),
        close: () => Promise.resolve(),
      },
    });
    cleanups.push(() => relay.stop());
    return relay;
  }

  it('ships a batch in two round trips around the publish, and marks every row of it', async () => {
    const schema = await newSchema();
    for (let i = 0; i < 3; i++) await commit(schema);
    const published: string[] = [];
    const relay = publishOnlyRelay(schema, (ids) => published.push(...ids));
    const sent: string[] = [];
    const spy = jest.spyOn(Client.prototype, 'query');
    const roundTrips = async (look: () => Promise<number>) => {
      spy.mockClear();
      const shipped = await look();
      sent.push(...spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : String(q))));
      return { shipped, roundTrips: spy.mock.calls.length };
    };
    try {
      // The peek, then BEGIN with the select, then the UPDATE with COMMIT.
      expect(await roundTrips(() => relay.relayBatch())).toEqual({ shipped: 3, roundTrips: 3 });
      expect(sent[1]).toMatch(/^BEGIN;\s*SELECT/);
      expect(sent[2]).toMatch(/^UPDATE[\s\S]*;\s*COMMIT$/);
      // Right after a batch no peek: BEGIN with the select finds nothing, COMMIT.
      expect(await roundTrips(() => relay.relayBatch())).toEqual({ shipped: 0, roundTrips: 2 });
      // After an empty look, the peek alone.
      expect(await roundTrips(() => relay.relayBatch())).toEqual({ shipped: 0, roundTrips: 1 });
    } finally {
      spy.mockRestore();
    }
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id FROM "${schema}"."outbox" ORDER BY seq`,
    );
    expect(published).toEqual(rows.map((r) => r.id));
    expect(await unpublished(schema)).toBe(0);
  });

  it('rolls back when the publish fails: the rows stay unpublished and go out next time', async () => {
    const schema = await newSchema();
    for (let i = 0; i < 2; i++) await commit(schema);
    let failing = true;
    const published: string[] = [];
    const relay = publishOnlyRelay(schema, (ids) => {
      if (failing) throw new Error('broker down');
      published.push(...ids);
    });
    await expect(relay.relayBatch()).rejects.toThrow('broker down');
    expect(await unpublished(schema)).toBe(2);
    // Nothing is left open or locked on the relay's connection.
    const { rows: open } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
    );
    expect(open[0]!.n).toBe(0);
    failing = false;
    expect(await relay.relayBatch()).toBe(2);
    expect(published).toHaveLength(2);
    expect(await unpublished(schema)).toBe(0);
  });
});
