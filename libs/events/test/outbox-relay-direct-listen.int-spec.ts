import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { Pool } from 'pg';
import { createEventTables, OutboxRelay, type EventTransport } from '../src/index';
import { waitFor } from '../src/testing';
import { recordingLogger } from './support/test-logger';

jest.setTimeout(20_000);

/** The URL with an application name the server reports in pg_stat_activity. */
const named = (url: string, name: string) =>
  `${url}${url.includes('?') ? '&' : '?'}application_name=${name}`;

const idleTransport: EventTransport = {
  publish: async () => undefined,
  subscribe: async () => undefined,
  close: async () => undefined,
};

// PgBouncer in transaction mode never delivers NOTIFY to a LISTEN, so the relay's listener must
// use the direct connection (DATABASE_DIRECT_URL) while its work goes through the pooler.
describe('OutboxRelay behind a transaction pooler (issue 27, item 6)', () => {
  let db: TestDatabase;
  let admin: Pool;
  let relay: OutboxRelay | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('events_direct_listen');
    admin = new Pool({ connectionString: db.url, max: 1 });
    await createEventTables(admin, 'relaytest');
  });

  afterAll(async () => {
    await relay?.stop();
    await admin?.end();
    await db?.drop();
  });

  it('LISTENs on the direct URL and works through the pooled one', async () => {
    relay = new OutboxRelay({
      databaseUrl: named(db.url, 'via_pooler'),
      listenUrl: named(db.url, 'direct_listen'),
      schema: 'relaytest',
      transport: idleTransport,
      logger: recordingLogger(),
    });
    await relay.start();
    // The listener's connection, by its last statement: LISTEN, then the idle lock it takes and
    // gives back while the relay sleeps (statements no other connection of the relay sends).
    const listeners = async () =>
      (
        await admin.query<{ application_name: string }>(
          `SELECT application_name FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND (query ILIKE 'LISTEN%' OR query ILIKE '%pg_try_advisory_lock(%'
                   OR query ILIKE '%pg_advisory_unlock(%')`,
        )
      ).rows.map((r) => r.application_name);
    await waitFor('the relay to LISTEN', async () => (await listeners()).length > 0);
    expect(await listeners()).toEqual(['direct_listen']);
  });
});
