import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { Pool } from 'pg';
import {
  buildEnvelope,
  createEventBusSchema,
  PostgresEventTransport,
  type PostgresEventTransportOptions,
} from '../src/index';
import { fieldUpdated, newFieldId } from './factories/field-event.factory';
import { recordingLogger } from './support/test-logger';
import { waitFor } from '../src/testing';
import { describeTransportContract } from './transport.contract';

// Each test takes well under a second; the margin is for loaded CI machines.
jest.setTimeout(20_000);

describeTransportContract({
  name: 'postgres',
  deliveryTimeoutMs: 5_000,
  createTransport: (databaseUrl) =>
    new PostgresEventTransport({
      connectionString: databaseUrl,
      pollIntervalMs: 50,
      retryDelayMs: 50,
      reconnectDelayMs: 50,
      logger: recordingLogger(),
    }),
});

describe('PostgresEventTransport', () => {
  let db: TestDatabase;
  let admin: Pool;
  const transports: PostgresEventTransport[] = [];
  const topic = 'fields.field.updated.v1';

  beforeAll(async () => {
    db = await createTestDatabase('events_pg');
    admin = new Pool({ connectionString: db.url, max: 2 });
  });

  afterEach(async () => {
    await Promise.all(transports.splice(0).map((t) => t.close()));
  });

  afterAll(async () => {
    await admin?.end();
    await db?.drop();
  });

  function transport(options: Partial<PostgresEventTransportOptions> = {}): PostgresEventTransport {
    const t = new PostgresEventTransport({
      connectionString: db.url,
      pollIntervalMs: 50,
      retryDelayMs: 50,
      reconnectDelayMs: 50,
      logger: recordingLogger(),
      ...options,
    });
    transports.push(t);
    return t;
  }

  const envelopes = (count: number, fieldId = newFieldId()) =>
    Array.from({ length: count }, (_, i) => buildEnvelope(fieldUpdated(fieldId, `name-${i}`)));

  const uniqueGroup = (label: string) => `${label}-${randomBytes(4).toString('hex')}`;
  // Earlier tests' events stay in the log; these tests only look at what they publish.
  const fromNow = { fromBeginning: false };

  async function terminate(applicationName: string): Promise<number> {
    const { rows } = await admin.query(
      `SELECT count(*)::int AS n FROM (
         SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = $1) t`,
      [applicationName],
    );
    return rows[0].n;
  }

  it('lets one instance of a group handle events at a time, each event once, and fails over', async () => {
    const group = uniqueGroup('shared');
    const handledBy = new Map<string, number[]>();
    let inFlight = 0;
    let maxInFlight = 0;
    const instances = [transport(), transport(), transport()];
    for (const [index, t] of instances.entries()) {
      await t.subscribe(group, [topic], async (e) => {
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 2));
        handledBy.set(e.id, [...(handledBy.get(e.id) ?? []), index]);
        inFlight -= 1;
      });
    }
    const publisher = transport();
    const first = envelopes(15);
    for (let i = 0; i < first.length; i += 5) await publisher.publish(first.slice(i, i + 5));
    await waitFor('the first 15 events', () => first.every((e) => handledBy.has(e.id)));

    const [leader] = handledBy.get(first[0]!.id)!;
    await instances[leader!]!.close();
    const second = envelopes(15);
    await publisher.publish(second);
    await waitFor('the events after fail-over', () => second.every((e) => handledBy.has(e.id)));

    expect([...handledBy.values()].every((by) => by.length === 1)).toBe(true);
    expect(first.every((e) => handledBy.get(e.id)![0] === leader)).toBe(true);
    expect(second.some((e) => handledBy.get(e.id)![0] === leader)).toBe(false);
    expect(maxInFlight).toBe(1);
  });

  it('delivers again when the reader connection dies before the offset is committed', async () => {
    const group = uniqueGroup('crash');
    const appName = `crashy-${randomBytes(3).toString('hex')}`;
    const t = transport({ applicationName: appName });
    const deliveries: string[] = [];
    await t.subscribe(
      group,
      [topic],
      async (e) => {
        deliveries.push(e.id);
        if (deliveries.length === 1) expect(await terminate(`${appName}:${group}`)).toBe(1);
      },
      fromNow,
    );
    const [event] = envelopes(1);
    await transport().publish([event!]);

    await waitFor('the redelivery', () => deliveries.length >= 2);
    const [next] = envelopes(1);
    await transport().publish([next!]);
    await waitFor('the next event', () => deliveries.includes(next!.id));
    expect(deliveries).toEqual([event!.id, event!.id, next!.id]);
  });

  it('wakes consumers with NOTIFY and listens again after the LISTEN connection drops', async () => {
    const appName = `listener-${randomBytes(3).toString('hex')}`;
    // Polling every minute: anything delivered within seconds came through NOTIFY.
    const t = transport({ applicationName: appName, pollIntervalMs: 60_000 });
    const received: string[] = [];
    await t.subscribe(
      uniqueGroup('notify'),
      [topic],
      async (e) => void received.push(e.id),
      fromNow,
    );
    const publisher = transport();
    const [first] = envelopes(1);
    await publisher.publish([first!]);
    await waitFor('delivery by NOTIFY', () => received.includes(first!.id), 3_000);

    const listenerPid = async () =>
      (
        await admin.query(`SELECT pid FROM pg_stat_activity WHERE application_name = $1`, [
          `${appName}:listen`,
        ])
      ).rows[0]?.pid as number | undefined;
    const before = await listenerPid();
    expect(await terminate(`${appName}:listen`)).toBe(1);
    await waitFor('a new LISTEN connection', async () => {
      const pid = await listenerPid();
      return pid !== undefined && pid !== before && t.listening;
    });

    const [second] = envelopes(1);
    await publisher.publish([second!]);
    await waitFor(
      'delivery by NOTIFY after reconnecting',
      () => received.includes(second!.id),
      3_000,
    );
  });

  it('falls back to polling when LISTEN is off', async () => {
    const t = transport({ listen: false, pollIntervalMs: 50 });
    const received: string[] = [];
    await t.subscribe(uniqueGroup('poll'), [topic], async (e) => void received.push(e.id), fromNow);
    const [event] = envelopes(1);
    await transport().publish([event!]);
    await waitFor('delivery by polling', () => received.includes(event!.id), 3_000);
    expect(t.listening).toBe(false);
  });

  it('never skips an event published by concurrent transactions', async () => {
    const received = new Map<string, number>();
    await transport().subscribe(
      uniqueGroup('concurrent'),
      [topic],
      async (e) => {
        received.set(e.id, (received.get(e.id) ?? 0) + 1);
      },
      fromNow,
    );
    const publishers = [transport(), transport(), transport()];
    const sent = Array.from({ length: 30 }, () => envelopes(1)[0]!);
    await Promise.all(sent.map((e, i) => publishers[i % 3]!.publish([e])));

    await waitFor('every concurrently published event', () =>
      sent.every((e) => received.has(e.id)),
    );
    expect(sent.every((e) => received.get(e.id) === 1)).toBe(true);
  });

  it('starts a new group at the end of the log when asked to', async () => {
    const publisher = transport();
    const [old] = envelopes(1);
    await publisher.publish([old!]);
    const received: string[] = [];
    await transport().subscribe(
      uniqueGroup('latest'),
      [topic],
      async (e) => void received.push(e.id),
      fromNow,
    );
    const [fresh] = envelopes(1);
    await publisher.publish([fresh!]);
    await waitFor('the new event', () => received.includes(fresh!.id));
    expect(received).toEqual([fresh!.id]);
  });

  it('creates its tables idempotently and refuses work once closed', async () => {
    await createEventBusSchema(admin);
    await createEventBusSchema(admin);
    const t = transport();
    await t.close();
    await expect(t.publish(envelopes(1))).rejects.toMatchObject({
      code: 'EVENTS.TRANSPORT_CLOSED',
    });
  });
});
