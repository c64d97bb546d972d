import { type EventEnvelope } from '@loadout/contracts';
import { Pool, type QueryResult } from 'pg';
import { defaultLogger, type EventsLogger } from '../internal/logger';
import { inOwnTransaction } from '../internal/pg';
import { PgListener } from '../internal/pg-listener';
import { describeError, quoteSchema } from '../internal/sql';
import { Wakeup } from '../internal/wakeup';
import { type EventTransport } from '../transport/event-transport';
import { OUTBOX_CHANNEL, RELAY_IDLE_LOCK } from './outbox-writer';

/** First and longest wait before looking again while writers are mid-transaction. */
const BUSY_WAIT_MIN_MS = 20;
const BUSY_WAIT_MAX_MS = 250;
/**
 * After shipping, the relay stays awake this long, looking every AWAKE_POLL_MS, before it
 * sleeps: under a steady stream of commits it never sleeps, so no writer has to notify. Each
 * look costs round trips whether it finds one row or fifty, so while awake it looks every
 * 100 ms (issue 28: at 25 ms, 50 messages a second went out one batch each, five round trips
 * per event; at 100 ms about five events share a batch). An event waits at most that long
 * under a stream; a lone commit still wakes a sleeping relay at once.
 */
const STAY_AWAKE_MS = 500;
const AWAKE_POLL_MS = 100;
/** How PostgreSQL writes a uuid: the only text the relay puts into SQL it did not write. */
const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface OutboxRow {
  id: string;
  envelope: EventEnvelope;
}

export interface OutboxRelayOptions {
  /** The service's database (where `<schema>.outbox` lives), the pooler's address is fine. */
  databaseUrl: string;
  /**
   * A direct connection for LISTEN (DATABASE_DIRECT_URL): PgBouncer in transaction mode never
   * delivers NOTIFY, so behind one the relay would fall back to polling. Default databaseUrl.
   */
  listenUrl?: string;
  schema: string;
  transport: EventTransport;
  /** Rows shipped per transaction; default 100. */
  batchSize?: number;
  /** Fallback poll when no NOTIFY arrives; default 1000 ms. */
  pollIntervalMs?: number;
  /** Pause after a failed batch (transport or database down); default 1000 ms. */
  errorBackoffMs?: number;
  /** Wake on the writer's NOTIFY; default true. */
  listen?: boolean;
  reconnectDelayMs?: number;
  applicationName?: string;
  logger?: EventsLogger;
}

/**
 * Ships committed outbox rows to the transport, oldest first, then marks them published.
 *
 * The row locks are held while publishing, so a relay that dies between publish and
 * mark leaves the rows unpublished and they go out again: delivery is at-least-once and
 * consumers deduplicate on the event id. One relay per schema works at a time (advisory
 * lock): two relays draining one outbox in parallel could reorder an aggregate's events.
 */
export class OutboxRelay {
  private readonly pool: Pool;
  private readonly wakeup = new Wakeup();
  private readonly logger: EventsLogger;
  private readonly batchSize: number;
  /** The outbox table, its schema checked and quoted once. */
  private readonly outbox: string;
  /** `BEGIN` and the batch's locked select, sent as one simple query (one round trip). */
  private readonly beginBatch: string;
  private listener: PgListener | null = null;
  private loop: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  /** The last batch shipped rows: more are likely, so the next look skips the cheap peek. */
  private shippedLast = false;

  constructor(private readonly options: OutboxRelayOptions) {
    this.outbox = `${quoteSchema(options.schema)}."outbox"`;
    this.logger = options.logger ?? defaultLogger(OutboxRelay.name);
    this.batchSize = options.batchSize ?? 100;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1)
      throw new Error(`outbox relay batchSize must be a positive integer, not ${this.batchSize}`);
    // Literals, not parameters: a simple query carries several statements but no parameters.
    // The schema is a checked lower-case identifier and the size an integer.
    this.beginBatch = `BEGIN;
      SELECT "id", "envelope" FROM ${this.outbox}
       WHERE "published_at" IS NULL
         AND (SELECT pg_try_advisory_xact_lock(hashtext('loadout.outbox'), hashtext('${options.schema}')))
       ORDER BY "seq"
       LIMIT ${this.batchSize}
       FOR UPDATE SKIP LOCKED`;
    this.pool = new Pool({
      connectionString: options.databaseUrl,
      application_name: options.applicationName ?? `loadout-relay:${options.schema}`,
      max: 2,
    });
    this.pool.on('error', (err) =>
      this.logger.warn(`idle relay connection failed: ${describeError(err)}`),
    );
  }

  get running(): boolean {
    return this.loop !== null && !this.wakeup.isClosed;
  }

  /** Starts the background loop; returns once the NOTIFY listener had its first try. */
  async start(): Promise<void> {
    if (this.loop || this.wakeup.isClosed) return;
    if (this.options.listen ?? true) {
      this.listener = new PgListener({
        connectionString: this.options.listenUrl ?? this.options.databaseUrl,
        channels: [OUTBOX_CHANNEL],
        applicationName: `${this.options.applicationName ?? `loadout-relay:${this.options.schema}`}:listen`,
        reconnectDelayMs: this.options.reconnectDelayMs,
        logger: this.logger,
        onNotification: (_channel, schema) => {
          if (schema === this.options.schema) this.wakeup.wake();
        },
        onConnected: () => this.wakeup.wake(),
      });
      await this.listener.start();
    }
    this.loop = this.run();
  }

  /** Stops after the batch in flight; safe to call more than once. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.wakeup.close();
      await this.loop;
      await this.listener?.stop();
      await this.pool.end();
    })();
    return this.stopping;
  }

  /**
   * Publishes at most one batch; returns how many rows it shipped. Round trips count (issue 28):
   * after an empty look the next one is one autocommit statement (right after a batch it goes
   * straight to the next); a batch is two round trips around the publish, `BEGIN` with the
   * select and the `UPDATE` with `COMMIT`, each pair one simple query. The relay's lock is taken
   * by the statement that selects the batch (a one-time filter: no rows when another relay
   * holds it).
   */
  async relayBatch(): Promise<number> {
    if (!this.shippedLast) {
      const { rows: waiting } = await this.pool.query(
        `SELECT 1 FROM ${this.outbox} WHERE "published_at" IS NULL LIMIT 1`,
      );
      if (waiting.length === 0) return 0;
    }
    const shipped = await inOwnTransaction(this.pool, async (client) => {
      const [, selected] = (await client.query(this.beginBatch)) as unknown as [
        QueryResult,
        QueryResult<OutboxRow>,
      ];
      const rows = selected.rows;
      if (rows.length === 0) {
        await client.query('COMMIT');
        return 0;
      }
      await this.options.transport.publish(rows.map((r) => r.envelope));
      await client.query(
        `UPDATE ${this.outbox} SET "published_at" = now() WHERE "id" = ANY('{${uuidList(rows)}}'::uuid[]);
         COMMIT`,
      );
      return rows.length;
    });
    this.shippedLast = shipped > 0;
    return shipped;
  }

  private async run(): Promise<void> {
    let busyWaitMs = BUSY_WAIT_MIN_MS;
    let lastShipped = 0;
    while (!this.wakeup.isClosed) {
      const shipped = await this.tryBatch();
      if (shipped === null) continue;
      if (shipped > 0) lastShipped = Date.now();
      if (shipped === this.batchSize) continue;
      if (Date.now() - lastShipped < STAY_AWAKE_MS) {
        await this.wakeup.wait(AWAKE_POLL_MS);
        continue;
      }
      const asleep = await this.announceSleep();
      if (asleep === null) {
        // No LISTEN connection: polling alone (writers notify only a relay that says it sleeps).
        await this.wakeup.wait(this.options.pollIntervalMs ?? 1000);
        continue;
      }
      if (!asleep) {
        // Writers are between their outbox row and COMMIT (or another replica's relay sleeps):
        // look again shortly rather than sleep through their rows.
        await this.wakeup.wait(busyWaitMs);
        busyWaitMs = Math.min(busyWaitMs * 2, BUSY_WAIT_MAX_MS);
        continue;
      }
      busyWaitMs = BUSY_WAIT_MIN_MS;
      // Rows committed before the lock was taken are looked for once more; later ones notify.
      if ((await this.tryBatch()) === 0)
        await this.wakeup.wait(this.options.pollIntervalMs ?? 1000);
      await this.listener?.query(`SELECT pg_advisory_unlock(hashtext($1), hashtext($2))`, [
        RELAY_IDLE_LOCK,
        this.options.schema,
      ]);
    }
  }

  /** One batch; null after a failure (logged, and waited out). */
  private async tryBatch(): Promise<number | null> {
    // This look reads every row committed so far, so it answers the wake-ups so far (the one
    // the LISTEN connection sends at start among them): the next wait is not cut short by them.
    this.wakeup.answered();
    try {
      return await this.relayBatch();
    } catch (err) {
      this.logger.warn(
        `outbox ${this.options.schema}: relay batch failed, will retry: ${describeError(err)}`,
      );
      await this.wakeup.sleep(this.options.errorBackoffMs ?? 1000);
      return null;
    }
  }

  /**
   * Takes RELAY_IDLE_LOCK on the LISTEN connection, telling writers to notify: true when taken,
   * false when writers hold it shared, null without a LISTEN connection.
   */
  private async announceSleep(): Promise<boolean | null> {
    const rows = await this.listener?.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS locked`,
      [RELAY_IDLE_LOCK, this.options.schema],
    );
    return rows ? rows[0]?.locked === true : null;
  }
}

/** The rows' ids for an array literal, each checked to be a uuid as PostgreSQL writes one. */
function uuidList(rows: readonly OutboxRow[]): string {
  return rows
    .map(({ id }) => {
      if (!UUID_TEXT.test(id))
        throw new Error(`outbox row id is not a uuid: ${JSON.stringify(id)}`);
      return id;
    })
    .join(',');
}
