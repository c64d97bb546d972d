import { type EventOf, type EventTopic } from '@loadout/contracts';
import { type SqlExecutor } from '@loadout/db';
import {
  buildEnvelope,
  type EnvelopeDeps,
  type EventMeta,
  type NewEvent,
} from '../envelope/build-envelope';
import { quoteSchema } from '../internal/sql';

/** NOTIFY channel the relay listens on; the payload is the schema that has new rows. */
export const OUTBOX_CHANNEL = 'loadout_outbox';

/**
 * Records events in the caller's transaction. Nothing reaches a broker here: the relay
 * ships committed rows, so a rollback takes the events with it.
 */
export class OutboxWriter {
  constructor(private readonly deps: EnvelopeDeps = {}) {}

  /**
   * Appends one event to `<schema>.outbox` through `executor`, which must be the
   * transaction that makes the state change (a TypeORM EntityManager or QueryRunner
   * inside `transaction()`, or a pg client after BEGIN).
   */
  async append<T extends EventTopic>(
    executor: SqlExecutor,
    schema: string,
    event: NewEvent<T>,
    meta: EventMeta = {},
  ): Promise<EventOf<T>> {
    const s = quoteSchema(schema);
    const envelope = buildEnvelope(event, meta, this.deps);
    await executor.query(
      `INSERT INTO ${s}."outbox" ("id", "topic", "aggregate_id", "envelope") VALUES ($1, $2, $3, $4::jsonb)`,
      [envelope.id, envelope.type, envelope.aggregateId, JSON.stringify(envelope)],
    );
    // Delivered only at COMMIT (and dropped on rollback), so the relay wakes for real rows.
    await executor.query(`SELECT pg_notify($1, $2)`, [OUTBOX_CHANNEL, schema]);
    return envelope;
  }
}
