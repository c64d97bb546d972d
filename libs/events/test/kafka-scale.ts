import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { Kafka, logLevel } from 'kafkajs';
import { Pool } from 'pg';
import { createEventTables, OutboxWriter, pgTransactionRunner } from '../src/index';
import { waitFor } from '../src/testing';
import { fieldUpdated } from './factories/field-event.factory';
import { type ScaleWorkerConfig } from './support/scale-worker';

const EVENTS = 10_000;
const AGGREGATES = 200;
const RELAY_KILLS = 20;
const TOPIC = 'fields.field.updated.v1';

/** A relay or consumer replica in its own Node process, killed with SIGKILL by the test. */
class Worker {
  private readonly child: ChildProcess;
  readonly ready: Promise<void>;
  stderr = '';

  constructor(config: ScaleWorkerConfig) {
    this.child = spawn(
      process.execPath,
      [path.join(__dirname, 'support/run-ts.cjs'), path.join(__dirname, 'support/scale-worker.ts')],
      { env: { ...process.env, SCALE_WORKER: JSON.stringify(config) }, stdio: 'pipe' },
    );
    this.child.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.ready = new Promise((resolve, reject) => {
      this.child.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('ready')) resolve();
      });
      this.child.once('exit', (code) =>
        reject(new Error(`${config.name} exited (${code}) before ready: ${this.stderr}`)),
      );
    });
    this.ready.catch(() => undefined);
  }

  kill(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((r) => this.child.once('exit', () => r()));
    this.child.kill('SIGKILL');
    return exited;
  }
}

async function topicEnd(brokers: string[]): Promise<number> {
  const admin = new Kafka({ brokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    return (await admin.fetchTopicOffsets(TOPIC)).reduce((sum, p) => sum + Number(p.high), 0);
  } finally {
    await admin.disconnect();
  }
}

/**
 * Two consumer replicas in one group, 10 000 events, the relay killed 20 times and one
 * replica killed mid-stream: nothing lost, no effect applied twice, each aggregate in order.
 * Every relay and replica is a separate process killed with SIGKILL (no clean shutdown).
 */
export function describeKafkaScale(brokers: string[]): void {
  describe('Kafka at scale: 2 replicas, 10 000 events, relay killed 20×, a replica killed', () => {
    let db: TestDatabase;
    let pool: Pool;
    const workers: Worker[] = [];

    beforeAll(async () => {
      db = await createTestDatabase('events_scale');
      pool = new Pool({ connectionString: db.url, max: 4 });
      // The test's own observer pool: an idle connection the server ends (a full run here once saw 57P01
      // "terminating connection due to administrator command" here) is replaced on the next
      // query. Without a listener the pool's 'error' event would crash the test process, though
      // the system under test (the relay and replica processes) is not affected by it.
      pool.on('error', (error) =>
        console.log(`observer pool: idle connection lost (${error.message})`),
      );
    });

    afterAll(async () => {
      await Promise.all(workers.map((w) => w.kill()));
      await pool?.end();
      await db?.drop();
    });

    it('loses nothing, applies nothing twice and keeps per-aggregate order', async () => {
      const started = Date.now();
      const tag = randomBytes(4).toString('hex');
      const producerSchema = `scale_producer_${tag}`;
      const consumerSchema = `scale_consumer_${tag}`;
      await createEventTables(pool, producerSchema);
      await createEventTables(pool, consumerSchema);
      await pool.query(
        `CREATE TABLE "${consumerSchema}"."effects" (
           seq bigserial PRIMARY KEY, event_id uuid NOT NULL, aggregate_id text NOT NULL,
           n int NOT NULL, worker text NOT NULL)`,
      );
      const base = {
        databaseUrl: db.url,
        brokers,
        producerSchema,
        consumerSchema,
        group: `scale-${tag}`,
        topic: TOPIC,
        aggregatePrefix: `scale-${tag}-`,
      };
      const worker = (role: 'relay' | 'consumer', name: string) => {
        const w = new Worker({ ...base, role, name });
        workers.push(w);
        return w;
      };
      const effects = async () =>
        (await pool.query(`SELECT count(*)::int AS n FROM "${consumerSchema}"."effects"`)).rows[0]
          .n as number;

      const effectsBy = async (name: string) =>
        (
          await pool.query(
            `SELECT count(*)::int AS n FROM "${consumerSchema}"."effects" WHERE worker = $1`,
            [name],
          )
        ).rows[0].n as number;

      const replicaA = worker('consumer', 'replica-a');
      const replicaB = worker('consumer', 'replica-b');
      await Promise.all([replicaA.ready, replicaB.ready]);
      const endBefore = await topicEnd(brokers);

      // The use cases: 200 transactions of 50 events, aggregates interleaved.
      const writer = new OutboxWriter();
      const writing = (async () => {
        const perTx = EVENTS / AGGREGATES;
        for (let tx = 0; tx < EVENTS / perTx; tx++) {
          await pgTransactionRunner(pool).transaction(async (client) => {
            for (let k = 0; k < perTx; k++) {
              const i = tx * perTx + k;
              const aggregate = `scale-${tag}-${i % AGGREGATES}`;
              await writer.append(
                client,
                producerSchema,
                fieldUpdated(aggregate, String(Math.floor(i / AGGREGATES))),
              );
            }
          });
        }
      })();

      // The relay dies 20 times, each time at a random moment after it started shipping.
      let killedReplicaAt: number | null = null;
      for (let k = 0; k < RELAY_KILLS; k++) {
        const relay = worker('relay', `relay-${k}`);
        await relay.ready;
        await new Promise((r) => setTimeout(r, 150 + Math.floor(Math.random() * 350)));
        // Killing replica-b proves something only once it holds partitions and applies events:
        // under load its group join can lag behind replica-a's, so wait for its first effect
        // (while this relay still ships) rather than assume it by the tenth relay.
        if (k === RELAY_KILLS / 2)
          await waitFor(
            'replica-b to apply events',
            async () => (await effectsBy('replica-b')) > 0,
            120_000,
          );
        await relay.kill();
        // One replica dies mid-stream, half-way through the relay kills: its partitions
        // (and whatever it had not committed) move to the other after the session timeout.
        if (killedReplicaAt === null && k === RELAY_KILLS / 2) {
          killedReplicaAt = await effects();
          await replicaB.kill();
        }
      }
      await writing;
      const lastRelay = worker('relay', 'relay-last');
      await lastRelay.ready;
      if (killedReplicaAt === null) {
        killedReplicaAt = await effects();
        await replicaB.kill();
      }

      await waitFor('every effect', async () => (await effects()) >= EVENTS, 240_000);
      // Give stray redeliveries a moment to show up as duplicates, were there any.
      await new Promise((r) => setTimeout(r, 2000));

      const { rows: counts } = await pool.query(
        `SELECT count(*)::int AS effects, count(DISTINCT event_id)::int AS distinct_events
           FROM "${consumerSchema}"."effects"`,
      );
      const { rows: lost } = await pool.query(
        `SELECT count(*)::int AS n FROM "${producerSchema}"."outbox" o
          WHERE NOT EXISTS (SELECT 1 FROM "${consumerSchema}"."effects" e WHERE e.event_id = o.id)`,
      );
      const { rows: outOfOrder } = await pool.query(
        `SELECT count(*)::int AS n FROM (
           SELECT n, lag(n) OVER (PARTITION BY aggregate_id ORDER BY seq) AS previous
             FROM "${consumerSchema}"."effects") s
          WHERE previous IS NOT NULL AND n <> previous + 1`,
      );
      const { rows: byWorker } = await pool.query(
        `SELECT worker, count(*)::int AS n FROM "${consumerSchema}"."effects" GROUP BY worker ORDER BY worker`,
      );
      const messages = (await topicEnd(brokers)) - endBefore;

      console.log(
        `kafka scale: ${EVENTS} events, ${AGGREGATES} aggregates, relay killed ${RELAY_KILLS}×, ` +
          `replica-b killed after ${killedReplicaAt} effects; ${messages} messages on the topic ` +
          `(${messages - EVENTS} republished), effects by ${byWorker
            .map((w: { worker: string; n: number }) => `${w.worker} ${w.n}`)
            .join(', ')}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
      expect(counts[0]).toEqual({ effects: EVENTS, distinct_events: EVENTS });
      expect(lost[0].n).toBe(0);
      expect(outOfOrder[0].n).toBe(0);
      expect(byWorker.map((w: { worker: string }) => w.worker)).toEqual(['replica-a', 'replica-b']);
    }, 420_000);
  });
}
