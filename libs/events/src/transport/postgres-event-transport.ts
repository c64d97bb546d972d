import { type EventEnvelope } from '@loadout/contracts';
import { AppError } from '@loadout/errors';
import { Client, Pool } from 'pg';
import { isEventEnvelope } from '../envelope/build-envelope';
import { defaultLogger, type EventsLogger } from '../internal/logger';
import { inTransaction } from '../internal/pg';
import { PgListener } from '../internal/pg-listener';
import { describeError, quoteSchema } from '../internal/sql';
import { Wakeup } from '../internal/wakeup';
import { type EventHandler, type EventTransport, type SubscribeOptions } from './event-transport';
import { createEventBusSchema, DEFAULT_EVENT_BUS_SCHEMA } from './event-bus-schema';

export interface PostgresEventTransportOptions {
  connectionString: string;
  /** Schema of the shared log; default `event_bus`. */
  schema?: string;
  /** Fallback poll when no NOTIFY arrives; default 1000 ms. */
  pollIntervalMs?: number;
  /** Pause before redelivering after a handler rejected; default 1000 ms. */
  retryDelayMs?: number;
  /** Rows read per query; default 100. */
  batchSize?: number;
  /** Wake consumers with LISTEN/NOTIFY; default true (polling alone when false). */
  listen?: boolean;
  /** First delay before re-opening a dropped LISTEN connection; default 1000 ms. */
  reconnectDelayMs?: number;
  /** Create the bus tables on first use; default true. */
  ensureSchema?: boolean;
  applicationName?: string;
  logger?: EventsLogger;
}

type Settings = Required<Omit<PostgresEventTransportOptions, 'logger'>> & { logger: EventsLogger };

/**
 * The embedded-mode transport: a durable log table plus committed offsets per consumer
 * group and topic, in Postgres.
 *
 * - Publishers hold one advisory lock while inserting, so positions commit in increasing
 *   order and a reader that has seen position N has seen everything below it.
 * - Each group has one active reader at a time: the instance holding the group's
 *   session advisory lock. Others stand by and take over when its connection ends.
 * - The offset moves past an envelope only after its handler resolved.
 */
export class PostgresEventTransport implements EventTransport {
  private readonly settings: Settings;
  private readonly pool: Pool;
  private readonly subscriptions = new Set<PgSubscription>();
  private listener: PgListener | null = null;
  private ready: Promise<void> | null = null;
  private closing: Promise<void> | null = null;

  constructor(options: PostgresEventTransportOptions) {
    this.settings = {
      connectionString: options.connectionString,
      schema: options.schema ?? DEFAULT_EVENT_BUS_SCHEMA,
      pollIntervalMs: options.pollIntervalMs ?? 1000,
      retryDelayMs: options.retryDelayMs ?? 1000,
      batchSize: options.batchSize ?? 100,
      listen: options.listen ?? true,
      reconnectDelayMs: options.reconnectDelayMs ?? 1000,
      ensureSchema: options.ensureSchema ?? true,
      applicationName: options.applicationName ?? 'loadout-event-bus',
      logger: options.logger ?? defaultLogger(PostgresEventTransport.name),
    };
    quoteSchema(this.settings.schema);
    this.pool = new Pool({
      connectionString: this.settings.connectionString,
      application_name: this.settings.applicationName,
      max: 4,
    });
    this.pool.on('error', (err) =>
      this.settings.logger.warn(`idle event-bus connection failed: ${describeError(err)}`),
    );
  }

  /** NOTIFY channel carrying the topic of newly committed log rows. */
  get channel(): string {
    return `${this.settings.schema}_log`;
  }

  async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
    this.assertOpen();
    if (envelopes.length === 0) return;
    await this.ensureReady();
    const s = quoteSchema(this.settings.schema);
    const topics = [...new Set(envelopes.map((e) => e.type))];
    // One statement, so one round trip and its own transaction (issue 28): the publish lock is
    // a one-time filter, taken before the first row draws its position and held until the
    // statement commits, so positions become visible in the order they were drawn; the
    // notifications go out at that commit.
    await this.pool.query(
      `WITH "appended" AS (
         INSERT INTO ${s}."log" ("topic", "key", "event_id", "envelope")
         SELECT e.envelope->>'type', e.envelope->>'aggregateId', (e.envelope->>'id')::uuid, e.envelope
           FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(envelope, n)
          WHERE (SELECT pg_advisory_xact_lock(hashtext($1), 0)::text) IS NOT NULL
          ORDER BY e.n
       )
       SELECT pg_notify($3, t) FROM unnest($4::text[]) AS t`,
      [`${this.settings.schema}.publish`, JSON.stringify(envelopes), this.channel, topics],
    );
  }

  async subscribe(
    group: string,
    topics: readonly string[],
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<void> {
    this.assertOpen();
    if (!group)
      throw new AppError(
        'EVENTS.INVALID_SUBSCRIPTION',
        'A consumer group name is required.',
        'internal',
      );
    if (topics.length === 0) {
      throw new AppError(
        'EVENTS.INVALID_SUBSCRIPTION',
        `Group "${group}" subscribes to no topic.`,
        'internal',
      );
    }
    await this.ensureReady();
    const s = quoteSchema(this.settings.schema);
    // A new group starts at 0 (everything retained) or at the current end of each topic.
    await this.pool.query(
      `INSERT INTO ${s}."consumer_offsets" ("consumer_group", "topic", "position")
       SELECT $1, t, CASE WHEN $3 THEN 0
                          ELSE coalesce((SELECT max(l."position") FROM ${s}."log" l WHERE l."topic" = t), 0) END
         FROM unnest($2::text[]) AS t
       ON CONFLICT ("consumer_group", "topic") DO NOTHING`,
      [group, [...topics], options.fromBeginning ?? true],
    );
    // close() may have run while this call awaited; a subscription started now would leak.
    this.assertOpen();
    const subscription = new PgSubscription(this.settings, group, [...new Set(topics)], handler);
    this.subscriptions.add(subscription);
    if (this.settings.listen) await this.startListener();
    subscription.start();
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      await Promise.all([...this.subscriptions].map((s) => s.stop()));
      this.subscriptions.clear();
      await this.listener?.stop();
      await this.pool.end();
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing)
      throw new AppError(
        'EVENTS.TRANSPORT_CLOSED',
        'The event transport is closed.',
        'unavailable',
      );
  }

  private ensureReady(): Promise<void> {
    if (!this.settings.ensureSchema) return Promise.resolve();
    this.ready ??= inTransaction(this.pool, async (client) => {
      // Services boot in parallel; concurrent CREATE ... IF NOT EXISTS can still collide.
      await client.query(`SELECT pg_advisory_xact_lock(hashtext($1), 0)`, [
        `${this.settings.schema}.ddl`,
      ]);
      await createEventBusSchema(client, this.settings.schema);
    }).catch((err: unknown) => {
      this.ready = null;
      throw err;
    });
    return this.ready;
  }

  private async startListener(): Promise<void> {
    if (this.listener) return;
    this.listener = new PgListener({
      connectionString: this.settings.connectionString,
      channels: [this.channel],
      applicationName: `${this.settings.applicationName}:listen`,
      reconnectDelayMs: this.settings.reconnectDelayMs,
      logger: this.settings.logger,
      onNotification: (_channel, topic) => {
        for (const s of this.subscriptions)
          if (topic === undefined || s.topics.includes(topic)) s.wakeup.wake();
      },
      onConnected: () => {
        for (const s of this.subscriptions) s.wakeup.wake();
      },
    });
    await this.listener.start();
  }

  /** Whether the LISTEN connection is currently up (false when listening is off). */
  get listening(): boolean {
    return this.listener?.connected ?? false;
  }
}

type StepOutcome = 'idle' | 'more' | 'failed';

/** One group's reader in this process. */
class PgSubscription {
  readonly wakeup = new Wakeup();
  private client: Client | null = null;
  private leader = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly settings: Settings,
    readonly group: string,
    readonly topics: readonly string[],
    private readonly handler: EventHandler,
  ) {}

  start(): void {
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.wakeup.close();
    await this.loop;
    await this.disconnect();
  }

  private async run(): Promise<void> {
    const { pollIntervalMs, retryDelayMs, logger } = this.settings;
    while (!this.wakeup.isClosed) {
      let outcome: StepOutcome;
      // The read reads everything committed so far: wake-ups that came before it are answered.
      this.wakeup.answered();
      try {
        outcome = await this.step();
      } catch (err) {
        logger.warn(
          `group "${this.group}": event-bus read failed, retrying: ${describeError(err)}`,
        );
        await this.disconnect();
        outcome = 'failed';
      }
      if (outcome === 'more') continue;
      // After a failure wait the full back-off: a NOTIFY must not turn retries into a busy loop.
      await (outcome === 'failed'
        ? this.wakeup.sleep(retryDelayMs)
        : this.wakeup.wait(pollIntervalMs));
    }
  }

  private async step(): Promise<StepOutcome> {
    const client = await this.connection();
    const s = quoteSchema(this.settings.schema);
    if (!this.leader) {
      const { rows } = await client.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS locked`,
        [`${this.settings.schema}.group`, this.group],
      );
      this.leader = rows[0]?.locked === true;
      if (!this.leader) return 'idle';
    }
    const { rows } = await client.query<{ position: string; topic: string; envelope: unknown }>(
      `SELECT l."position", l."topic", l."envelope"
         FROM ${s}."log" l
         JOIN ${s}."consumer_offsets" o ON o."topic" = l."topic" AND o."consumer_group" = $1
        WHERE l."topic" = ANY($2::text[]) AND l."position" > o."position"
        ORDER BY l."position"
        LIMIT $3`,
      [this.group, this.topics, this.settings.batchSize],
    );
    // Offsets move once per batch, not per event (one round trip, issue 28), and always for
    // what was handled before a failure or a stop: a crash in between redelivers at most this
    // batch, which consumers deduplicate (at-least-once, as before).
    const handled = new Map<string, string>();
    let outcome: StepOutcome = rows.length === this.settings.batchSize ? 'more' : 'idle';
    for (const row of rows) {
      if (this.wakeup.isClosed) {
        outcome = 'idle';
        break;
      }
      if (isEventEnvelope(row.envelope)) {
        try {
          await this.handler(row.envelope);
        } catch (err) {
          this.settings.logger.warn(
            `group "${this.group}": handler failed for event ${row.envelope.id} (${row.topic}); it will be redelivered: ${describeError(err)}`,
          );
          outcome = 'failed';
          break;
        }
      } else {
        this.settings.logger.error(
          `group "${this.group}": skipping malformed envelope at ${row.topic}#${row.position}`,
        );
      }
      handled.set(row.topic, row.position);
    }
    if (handled.size > 0)
      await client.query(
        `UPDATE ${s}."consumer_offsets" o SET "position" = v."position", "updated_at" = now()
           FROM unnest($2::text[], $3::bigint[]) AS v("topic", "position")
          WHERE o."consumer_group" = $1 AND o."topic" = v."topic" AND o."position" < v."position"`,
        [this.group, [...handled.keys()], [...handled.values()]],
      );
    return outcome;
  }

  /** The reader's own connection: the group lock lives and dies with it. */
  private async connection(): Promise<Client> {
    if (this.client) return this.client;
    const client = new Client({
      connectionString: this.settings.connectionString,
      application_name: `${this.settings.applicationName}:${this.group}`.slice(0, 63),
    });
    client.on('error', (err) => {
      this.settings.logger.warn(`group "${this.group}": connection lost: ${describeError(err)}`);
      if (this.client === client) {
        this.client = null;
        this.leader = false;
      }
      void client.end().catch(() => undefined);
    });
    await client.connect();
    this.client = client;
    this.leader = false;
    return client;
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.leader = false;
    if (client) await client.end().catch(() => undefined);
  }
}
