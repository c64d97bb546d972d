import { Pool } from 'pg';
import { type EventOf, type EventTopic } from '@loadout/contracts';
import {
  createEventTables,
  OutboxRelay,
  OutboxWriter,
  pgTransactionRunner,
  PostgresEventTransport,
  type NewEvent,
} from '@loadout/events';
import { quietLogger } from './quiet-logger';

const SCHEMA = 'identity';

/**
 * Stands in for the identity service on the test database: events go through an
 * `identity.outbox` and a real relay over the postgres transport, the path identity's take.
 */
export class IdentityPublisher {
  private readonly writer = new OutboxWriter();

  private constructor(
    private readonly pool: Pool,
    private readonly relay: OutboxRelay,
  ) {}

  static async start(databaseUrl: string): Promise<IdentityPublisher> {
    const pool = new Pool({ connectionString: databaseUrl, max: 2 });
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${SCHEMA}"`);
    await createEventTables(pool, SCHEMA);
    const logger = quietLogger();
    const relay = new OutboxRelay({
      databaseUrl,
      schema: SCHEMA,
      transport: new PostgresEventTransport({ connectionString: databaseUrl, logger }),
      pollIntervalMs: 100,
      logger,
    });
    await relay.start();
    return new IdentityPublisher(pool, relay);
  }

  publish<T extends EventTopic>(event: NewEvent<T>): Promise<EventOf<T>> {
    return pgTransactionRunner(this.pool).transaction((client) =>
      this.writer.append(client, SCHEMA, event, { actorId: event.aggregateId }),
    );
  }

  /** Ships an already published event again, as after a relay crash between publish and mark. */
  async redeliver(eventId: string): Promise<void> {
    await this.pool.query(
      `UPDATE "identity"."outbox" SET "published_at" = NULL WHERE "id" = $1 AND "published_at" IS NOT NULL`,
      [eventId],
    );
    await this.pool.query(`SELECT pg_notify('loadout_outbox', 'identity')`);
  }

  async close(): Promise<void> {
    await this.relay.stop();
    await this.pool.end();
  }
}
