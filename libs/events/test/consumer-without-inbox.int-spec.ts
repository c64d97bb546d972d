import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { Pool, type PoolClient } from 'pg';
import {
  buildEnvelope,
  createEventTables,
  IdempotentConsumer,
  pgTransactionRunner,
  type TransactionRunner,
} from '../src/index';
import { fieldCreated } from './factories/field-event.factory';
import { recordingLogger } from './support/test-logger';

jest.setTimeout(20_000);

const SCHEMA = 'noinbox';

// A group whose handlers write nothing to the database (ADR 0061): no inbox row, no
// transaction per event, retries and dead letters as for any group.
describe('IdempotentConsumer with inbox: false', () => {
  let db: TestDatabase;
  let pool: Pool;
  let transactions: number;
  let runner: TransactionRunner<PoolClient>;

  beforeAll(async () => {
    db = await createTestDatabase('events_no_inbox');
    pool = new Pool({ connectionString: db.url, max: 2 });
    await createEventTables(pool, SCHEMA);
    const real = pgTransactionRunner(pool);
    runner = {
      transaction: (work) => {
        transactions += 1;
        return real.transaction(work);
      },
    };
  });

  beforeEach(() => {
    transactions = 0;
  });

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  });

  const consumer = (group: string, inbox?: boolean) =>
    new IdempotentConsumer<PoolClient>({
      consumer: group,
      schema: SCHEMA,
      db: runner,
      inbox,
      maxAttempts: 2,
      retryDelayMs: 1,
      logger: recordingLogger(),
    });
  const rows = async (table: 'inbox' | 'dead_letter', group: string) =>
    (
      await pool.query<{ event_id: string; error?: string }>(
        `SELECT * FROM "${SCHEMA}"."${table}" WHERE consumer = $1`,
        [group],
      )
    ).rows;

  it('runs the effect on every delivery, without a transaction or an inbox row', async () => {
    const event = buildEnvelope(fieldCreated());
    const seen: string[] = [];
    const cache = consumer('cache', false);

    expect(await cache.process(event, async (e) => void seen.push(e.id))).toBe('processed');
    expect(await cache.process(event, async (e) => void seen.push(e.id))).toBe('processed');

    expect(seen).toEqual([event.id, event.id]);
    expect(transactions).toBe(0);
    expect(await rows('inbox', 'cache')).toEqual([]);
  });

  it('keeps the inbox for every other group: a second delivery is a duplicate', async () => {
    const event = buildEnvelope(fieldCreated());
    const seen: string[] = [];
    const projector = consumer('projector');

    expect(await projector.process(event, async (e) => void seen.push(e.id))).toBe('processed');
    expect(await projector.process(event, async (e) => void seen.push(e.id))).toBe('duplicate');

    expect(seen).toEqual([event.id]);
    expect(transactions).toBe(2);
    expect((await rows('inbox', 'projector')).map((r) => r.event_id)).toEqual([event.id]);
  });

  it('refuses a statement from its handler, retries, then dead-letters the event', async () => {
    const event = buildEnvelope(fieldCreated());
    const cache = consumer('cache-writes', false);

    const outcome = await cache.process(event, async (_e, tx) => {
      await tx.query(`SELECT 1`);
    });

    expect(outcome).toBe('dead-lettered');
    const dead = await rows('dead_letter', 'cache-writes');
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({
      event_id: event.id,
      error: expect.stringContaining('has no inbox: its handlers must not write to the database'),
    });
  });

  it('retries a failing effect and carries on when a later attempt succeeds', async () => {
    const event = buildEnvelope(fieldCreated());
    let attempts = 0;
    const cache = consumer('cache-flaky', false);

    const outcome = await cache.process(event, async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('redis down for a moment');
    });

    expect(outcome).toBe('processed');
    expect(attempts).toBe(2);
    expect(await rows('dead_letter', 'cache-flaky')).toEqual([]);
  });
});
