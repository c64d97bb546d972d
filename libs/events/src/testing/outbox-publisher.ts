import { Pool } from 'pg';
import { type EventOf, type EventTopic } from '@loadout/contracts';
import { pgTransactionRunner } from '../consumer/transaction-runner';
import { type NewEvent } from '../envelope/build-envelope';
import { createEventTables } from '../outbox/event-tables';
import { OutboxRelay } from '../outbox/outbox-relay';
import { OutboxWriter } from '../outbox/outbox-writer';
import { PostgresEventTransport } from '../transport/postgres-event-transport';

/** Collects log lines instead of printing them (expected retries and skips stay quiet). */
export function quietLogger() {
  const lines: string[] = [];
  return {
    lines,
    log: (m: string) => void lines.push(`log: ${m}`),
    warn: (m: string) => void lines.push(`warn: ${m}`),
    error: (m: string) => void lines.push(`error: ${m}`),
  };
}

/**
 * Stands in for another service in a consumer's tests: events are appended to
 * `<schema>.outbox` in a transaction and shipped by a real relay over the postgres transport,
 * exactly the path that service's events take (e.g. `OutboxPublisher.start(url, 'identity')`).
 */
export class OutboxPublisher {
  private readonly writer = new OutboxWriter();

  private constructor(
    private readonly pool: Pool,
    private readonly relay: OutboxRelay,
    private readonly schema: string,
  ) {}

  static async start(databaseUrl: string, schema: string): Promise<OutboxPublisher> {
    const pool = new Pool({ connectionString: databaseUrl, max: 2 });
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await createEventTables(pool, schema);
    const logger = quietLogger();
    const relay = new OutboxRelay({
      databaseUrl,
      schema,
      transport: new PostgresEventTransport({ connectionString: databaseUrl, logger }),
      pollIntervalMs: 100,
      logger,
    });
    await relay.start();
    return new OutboxPublisher(pool, relay, schema);
  }

  publish<T extends EventTopic>(
    event: NewEvent<T>,
    meta: { actorId?: string | null } = {},
  ): Promise<EventOf<T>> {
    // The actor defaults to the aggregate (a user acting on their own account).
    const actorId = 'actorId' in meta ? (meta.actorId ?? null) : event.aggregateId;
    return pgTransactionRunner(this.pool).transaction((client) =>
      this.writer.append(client, this.schema, event, { actorId }),
    );
  }

  /** Ships an already published event again, as after a relay crash between publish and mark. */
  async redeliver(eventId: string): Promise<void> {
    await this.pool.query(
      `UPDATE "${this.schema}"."outbox" SET "published_at" = NULL
        WHERE "id" = $1 AND "published_at" IS NOT NULL`,
      [eventId],
    );
    await this.pool.query(`SELECT pg_notify('loadout_outbox', $1)`, [this.schema]);
  }

  async close(): Promise<void> {
    await this.relay.stop();
    await this.pool.end();
  }
}
