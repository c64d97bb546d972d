// Over 400 lines on purpose: one contract suite that every event transport (Postgres, Kafka)
// must pass, case after case; splitting it would split the contract.
import { randomBytes } from 'node:crypto';
import { type EventEnvelope } from '@loadout/contracts';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { Pool, type PoolClient } from 'pg';
import {
  createEventTables,
  IdempotentConsumer,
  OutboxRelay,
  OutboxWriter,
  pgTransactionRunner,
  type ConsumeOutcome,
  type EventHandler,
  type EventTransport,
  type IdempotentConsumerOptions,
  type NewEvent,
  type OutboxRelayOptions,
} from '../src/index';
import { fieldCreated, fieldUpdated, newFieldId } from './factories/field-event.factory';
import { recordingLogger } from './support/test-logger';
import { waitFor } from '../src/testing';

export interface TransportContractTarget {
  name: string;
  /** A new, independent instance, as a separate process would hold. */
  createTransport(databaseUrl: string): EventTransport;
  /** Longest wait for a delivery (a Kafka group join takes seconds). */
  deliveryTimeoutMs: number;
}

const CREATED = 'fields.field.created.v1';
const UPDATED = 'fields.field.updated.v1';

/** Topics hold other tests' (and, on Kafka, earlier runs') events: each test sees only its own. */
const only =
  (aggregateIds: string[], handler: EventHandler): EventHandler =>
  (envelope) =>
    aggregateIds.includes(envelope.aggregateId) ? handler(envelope) : Promise.resolve();

/**
 * The behaviour every EventTransport adapter must show, end to end with the outbox,
 * relay and idempotent consumer on a real Postgres. Each test gets its own producer and
 * consumer schemas and consumer group.
 */
export function describeTransportContract(target: TransportContractTarget): void {
  const timeout = target.deliveryTimeoutMs;

  describe(`EventTransport contract: ${target.name}`, () => {
    let db: TestDatabase;
    let pool: Pool;
    const cleanups: (() => Promise<void>)[] = [];
    let counter = 0;

    beforeAll(async () => {
      db = await createTestDatabase('events_contract');
      pool = new Pool({ connectionString: db.url, max: 6 });
      // An idle client the server drops (57P01) is not this contract's behaviour: pg's pool
      // discards it and the next query connects afresh. Without a listener the pool's 'error'
      // event is an unhandled error that fails whichever test happens to be running.
      pool.on('error', () => undefined);
    });

    afterEach(async () => {
      for (let c = cleanups.pop(); c; c = cleanups.pop()) await c();
    }, timeout);

    afterAll(async () => {
      await pool?.end();
      await db?.drop();
    });

    async function inTx<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
      return pgTransactionRunner(pool).transaction(work);
    }

    async function scenario() {
      counter += 1;
      const tag = `${counter}_${randomBytes(3).toString('hex')}`;
      const producerSchema = `producer_${tag}`;
      const consumerSchema = `consumer_${tag}`;
      await createEventTables(pool, producerSchema);
      await createEventTables(pool, consumerSchema);
      await pool.query(
        `CREATE TABLE "${consumerSchema}"."effects" (
           seq bigserial PRIMARY KEY, event_id uuid NOT NULL, aggregate_id text NOT NULL, name text)`,
      );
      const writer = new OutboxWriter();
      const logger = recordingLogger();
      const group = `contract-${tag}`;
      return {
        tag,
        group,
        producerSchema,
        consumerSchema,
        writer,
        logger,
        transport(): EventTransport {
          const t = target.createTransport(db.url);
          cleanups.push(() => t.close());
          return t;
        },
        async startRelay(transport: EventTransport, options: Partial<OutboxRelayOptions> = {}) {
          const relay = new OutboxRelay({
            databaseUrl: db.url,
            schema: producerSchema,
            transport,
            pollIntervalMs: 50,
            errorBackoffMs: 50,
            logger,
            ...options,
          });
          cleanups.push(() => relay.stop());
          await relay.start();
          return relay;
        },
        /** One committed use-case transaction that records `events`. */
        commit(...events: NewEvent[]): Promise<EventEnvelope[]> {
          return inTx(async (client) => {
            const out: EventEnvelope[] = [];
            for (const e of events)
              out.push(
                await writer.append(client, producerSchema, e, { correlationId: `req-${tag}` }),
              );
            return out;
          });
        },
        consumer(options: Partial<IdempotentConsumerOptions<PoolClient>> = {}) {
          return new IdempotentConsumer<PoolClient>({
            consumer: group,
            schema: consumerSchema,
            db: pgTransactionRunner(pool),
            retryDelayMs: 5,
            logger,
            ...options,
          });
        },
        async recordEffect(tx: PoolClient, env: EventEnvelope): Promise<void> {
          await tx.query(
            `INSERT INTO "${consumerSchema}"."effects" (event_id, aggregate_id, name) VALUES ($1, $2, $3)`,
            [env.id, env.aggregateId, (env.payload as { name?: string }).name ?? null],
          );
        },
        async effects(): Promise<
          { event_id: string; aggregate_id: string; name: string | null }[]
        > {
          const { rows } = await pool.query(
            `SELECT event_id, aggregate_id, name FROM "${consumerSchema}"."effects" ORDER BY seq`,
          );
          return rows;
        },
        async unpublished(): Promise<number> {
          const { rows } = await pool.query(
            `SELECT count(*)::int AS n FROM "${producerSchema}"."outbox" WHERE published_at IS NULL`,
          );
          return rows[0].n;
        },
      };
    }

    it(
      'delivers an event once the transaction that recorded it commits',
      async () => {
        const s = await scenario();
        const fieldId = newFieldId();
        const received: EventEnvelope[] = [];
        await s.transport().subscribe(
          s.group,
          [CREATED],
          only([fieldId], async (e) => void received.push(e)),
        );
        await s.startRelay(s.transport());

        const [sent] = await s.commit(fieldCreated(fieldId));

        await waitFor('the committed event', () => received.length === 1, timeout);
        expect(received[0]).toEqual(sent);
        expect(sent).toMatchObject({
          type: CREATED,
          version: 1,
          aggregateId: fieldId,
          correlationId: `req-${s.tag}`,
        });
        await waitFor(
          'the outbox row to be marked published',
          async () => (await s.unpublished()) === 0,
          timeout,
        );
      },
      timeout * 3,
    );

    it(
      'emits nothing for a transaction that rolls back',
      async () => {
        const s = await scenario();
        const fieldId = newFieldId();
        const received: EventEnvelope[] = [];
        await s.transport().subscribe(
          s.group,
          [CREATED],
          only([fieldId], async (e) => void received.push(e)),
        );
        await s.startRelay(s.transport());

        await expect(
          inTx(async (client) => {
            await s.writer.append(
              client,
              s.producerSchema,
              fieldCreated(fieldId, 'never happened'),
            );
            throw new Error('use case failed after recording its event');
          }),
        ).rejects.toThrow('use case failed');
        // Same topic and key: had the rolled-back event been sent, it would arrive before this one.
        const [marker] = await s.commit(fieldCreated(fieldId, 'marker'));

        await waitFor('the marker event', () => received.some((e) => e.id === marker!.id), timeout);
        expect(received.map((e) => e.id)).toEqual([marker!.id]);
        const { rows } = await pool.query(
          `SELECT count(*)::int AS n FROM "${s.producerSchema}"."outbox"`,
        );
        expect(rows[0].n).toBe(1);
      },
      timeout * 3,
    );

    it(
      'delivers an event again when the consumer fails before committing its offset',
      async () => {
        const s = await scenario();
        const fieldId = newFieldId();
        const deliveries: string[] = [];
        let crashed = false;
        await s.transport().subscribe(
          s.group,
          [UPDATED],
          only([fieldId], async (e) => {
            deliveries.push(e.id);
            if (!crashed) {
              crashed = true;
              throw new Error('consumer crashed before committing');
            }
          }),
        );
        await s.startRelay(s.transport());

        const [first] = await s.commit(fieldUpdated(fieldId, 'first'));
        await waitFor('the redelivery', () => deliveries.length >= 2, timeout);
        const [second] = await s.commit(fieldUpdated(fieldId, 'second'));
        await waitFor('the next event', () => deliveries.includes(second!.id), timeout);

        // Redelivered once, then committed: the next event follows without a third copy.
        expect(deliveries).toEqual([first!.id, first!.id, second!.id]);
      },
      timeout * 4,
    );

    it(
      'processes duplicate deliveries of one event once',
      async () => {
        const s = await scenario();
        const fieldId = newFieldId();
        const consumer = s.consumer();
        const outcomes: ConsumeOutcome[] = [];
        await s.transport().subscribe(
          s.group,
          [CREATED],
          only([fieldId], async (e) => {
            outcomes.push(await consumer.process(e, (env, tx) => s.recordEffect(tx, env)));
          }),
        );
        const producer = s.transport();
        await s.startRelay(producer);

        const [sent] = await s.commit(fieldCreated(fieldId));
        await waitFor('first processing', () => outcomes.length === 1, timeout);
        await producer.publish([sent!, sent!]);
        await waitFor('both duplicates', () => outcomes.length === 3, timeout);

        expect(outcomes).toEqual(['processed', 'duplicate', 'duplicate']);
        expect(await s.effects()).toEqual([
          { event_id: sent!.id, aggregate_id: fieldId, name: 'Ballykinler CQB' },
        ]);
        const { rows } = await pool.query(
          `SELECT consumer, event_id, topic FROM "${s.consumerSchema}"."inbox"`,
        );
        expect(rows).toEqual([{ consumer: s.group, event_id: sent!.id, topic: CREATED }]);
      },
      timeout * 3,
    );

    it(
      "keeps each aggregate's events in order",
      async () => {
        const s = await scenario();
        const a = newFieldId();
        const b = newFieldId();
        const seen = new Map<string, string[]>([
          [a, []],
          [b, []],
        ]);
        await s.transport().subscribe(
          s.group,
          [UPDATED],
          only([a, b], async (e) => {
            // Uneven handler times would expose any reordering within a key.
            await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 3)));
            seen.get(e.aggregateId)!.push((e.payload as { name: string }).name);
          }),
        );
        // Small batches, relayed while the writes happen, so order must hold across batches.
        await s.startRelay(s.transport(), { batchSize: 3 });

        const names = (p: string) => Array.from({ length: 10 }, (_, i) => `${p}-${i}`);
        for (let i = 0; i < 10; i++) {
          await s.commit(fieldUpdated(a, `a-${i}`));
          await s.commit(fieldUpdated(b, `b-${i}`), fieldUpdated(a, `a-extra-${i}`));
        }

        await waitFor(
          'all 30 events',
          () => seen.get(a)!.length + seen.get(b)!.length === 30,
          timeout,
        );
        expect(seen.get(a)).toEqual(names('a').flatMap((n, i) => [n, `a-extra-${i}`]));
        expect(seen.get(b)).toEqual(names('b'));
      },
      timeout * 3,
    );

    it(
      'moves a poison message to the dead-letter store after N attempts and carries on',
      async () => {
        const s = await scenario();
        const poisonField = newFieldId();
        const goodField = newFieldId();
        const consumer = s.consumer({ maxAttempts: 3 });
        let poisonCalls = 0;
        await s.transport().subscribe(
          s.group,
          [CREATED],
          only(
            [poisonField, goodField],
            consumer.handler(async (env, tx) => {
              if ((env.payload as { name: string }).name === 'poison') {
                poisonCalls += 1;
                throw new Error('field name refused by the read model');
              }
              await s.recordEffect(tx, env);
            }),
          ),
        );
        const producer = s.transport();
        await s.startRelay(producer);

        const [poison] = await s.commit(fieldCreated(poisonField, 'poison'));
        const [good] = await s.commit(fieldCreated(goodField, 'fine'));
        // The two events have different aggregates, so a partitioned transport may apply the good
        // one before the poison has used up its attempts: wait for both outcomes.
        const deadLetters = async () =>
          (
            await pool.query(
              `SELECT event_id, consumer, topic, envelope, error, attempts FROM "${s.consumerSchema}"."dead_letter"`,
            )
          ).rows;
        await waitFor(
          'the good event applied and the poison dead-lettered',
          async () =>
            (await s.effects()).length === 1 &&
            (await deadLetters()).length === 1 &&
            s.logger.lines.some((l) => l.includes('dead_letter after')),
          timeout,
        );

        const dead = await deadLetters();
        expect(dead).toEqual([
          {
            event_id: poison!.id,
            consumer: s.group,
            topic: CREATED,
            envelope: poison,
            error: 'field name refused by the read model',
            attempts: 3,
          },
        ]);
        expect(poisonCalls).toBe(3);
        expect((await s.effects()).map((e) => e.event_id)).toEqual([good!.id]);
        expect(s.logger.lines).toContainEqual(
          expect.stringMatching(/^error: .*dead_letter after 3 attempts/),
        );

        // Redelivering the dead-lettered event does not run it again.
        await producer.publish([poison!]);
        const [after] = await s.commit(fieldCreated(poisonField, 'fine again'));
        await waitFor(
          'the event after the redelivered poison',
          async () => (await s.effects()).length === 2,
          timeout,
        );
        expect((await s.effects()).map((e) => e.event_id)).toEqual([good!.id, after!.id]);
        expect(poisonCalls).toBe(3);
      },
      timeout * 4,
    );

    it(
      'loses nothing when the relay dies between publishing and marking rows published',
      async () => {
        const s = await scenario();
        const ids = [newFieldId(), newFieldId(), newFieldId()];
        const consumer = s.consumer();
        const outcomes: ConsumeOutcome[] = [];
        await s.transport().subscribe(
          s.group,
          [CREATED],
          only(ids, async (e) => {
            outcomes.push(await consumer.process(e, (env, tx) => s.recordEffect(tx, env)));
          }),
        );
        const events = await s.commit(...ids.map((id) => fieldCreated(id)));
        const producer = s.transport();
        const appName = `dying-relay-${s.tag}`;
        // Publishes for real, then the relay's connection is killed before it can mark the rows.
        const dying = new OutboxRelay({
          databaseUrl: db.url,
          schema: s.producerSchema,
          applicationName: appName,
          logger: s.logger,
          transport: {
            publish: async (envelopes) => {
              await producer.publish(envelopes);
              await pool.query(
                `SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity WHERE application_name = $1`,
                [appName],
              );
            },
            subscribe: () => Promise.reject(new Error('publish only')),
            close: () => Promise.resolve(),
          },
        });

        await expect(dying.relayBatch()).rejects.toThrow();
        await dying.stop();
        expect(await s.unpublished()).toBe(3);

        await s.startRelay(producer);
        await waitFor('both copies of every event', () => outcomes.length === 6, timeout);
        expect(outcomes.filter((o) => o === 'processed')).toHaveLength(3);
        expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(3);
        expect((await s.effects()).map((e) => e.event_id).sort()).toEqual(
          events.map((e) => e.id).sort(),
        );
        await waitFor('rows marked published', async () => (await s.unpublished()) === 0, timeout);
      },
      timeout * 3,
    );
  });
}
