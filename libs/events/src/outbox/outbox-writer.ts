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
 * Advisory lock a sleeping relay holds on its LISTEN connection: "asleep, wake me". Writers
 * take it shared, which succeeds while no relay sleeps. Its two keys are
 * `hashtext('loadout.outbox.idle')` and `hashtext(<schema>)`.
 */
export const RELAY_IDLE_LOCK = 'loadout.outbox.idle';

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
    const row = this.prepare(schema, event, meta);
    await executor.query(`WITH e AS (${row.insert}) SELECT ${row.notify}`, row.params);
    return row.envelope;
  }

  /**
   * The same row as `append`, as parts of one statement of the caller's (which may write
   * other rows in the same data-modifying CTE): `insert` goes in a WITH, `notify` is selected,
   * and `params` follow the caller's own, numbered from `firstParam`. The statement must run
   * in the transaction that makes the state change (or be that transaction itself: a single
   * statement outside BEGIN commits as one). `when`, an SQL condition of the caller's
   * statement, inserts the row only if it holds (a guarded write: the caller's other parts
   * check the same condition, so the event goes with the change or not at all).
   */
  prepare<T extends EventTopic>(
    schema: string,
    event: NewEvent<T>,
    meta: EventMeta = {},
    firstParam = 1,
    when?: string,
  ): PreparedOutboxRow<T> {
    const { envelopes, ...rows } = this.prepareRows(schema, [{ event, meta }], firstParam, when);
    return { envelope: envelopes[0]!, ...rows };
  }

  /**
   * Several rows as one `INSERT` of the caller's statement, in the order given (the rows' `seq`,
   * which the relay ships in, follows it: sibling parts of one statement run in no set order,
   * the rows of one `VALUES` do). Otherwise as `prepare`.
   */
  prepareRows<T extends EventTopic>(
    schema: string,
    events: readonly { event: NewEvent<T>; meta?: EventMeta }[],
    firstParam = 1,
    when?: string,
  ): PreparedOutboxRows<T> {
    const s = quoteSchema(schema);
    const params: unknown[] = [];
    const $ = (value: unknown) => {
      params.push(value);
      return `$${firstParam + params.length - 1}`;
    };
    const envelopes = events.map(({ event, meta = {} }) => buildEnvelope(event, meta, this.deps));
    const columns = envelopes.map(
      (e) =>
        `${$(e.id)}::uuid, ${$(e.type)}::text, ${$(e.aggregateId)}::text, ${$(JSON.stringify(e))}::jsonb`,
    );
    // Guarded: one SELECT per row (typed, so UNION ALL keeps the columns' types), each only if
    // `when` holds; in the order given, as the rows of a VALUES list.
    const rows = when
      ? columns.map((c) => `SELECT ${c} WHERE ${when}`).join(' UNION ALL ')
      : `VALUES ${columns.map((c) => `(${c})`).join(', ')}`;
    const [lock, channelSchema, channel] = [$(RELAY_IDLE_LOCK), $(schema), $(OUTBOX_CHANNEL)];
    return {
      envelopes,
      insert: `INSERT INTO ${s}."outbox" ("id", "topic", "aggregate_id", "envelope") ${rows}`,
      // A NOTIFY only when a relay sleeps (it holds RELAY_IDLE_LOCK, so the shared try fails).
      // NOTIFY takes PostgreSQL's cluster-wide notification lock at COMMIT, which queues every
      // notifying commit behind the others (issue 28); a relay that is awake finds the rows
      // without it. The shared lock, held to COMMIT, keeps a relay from going to sleep while
      // these rows are not yet visible to it. A notification is delivered at COMMIT only
      // (dropped on rollback), so the relay wakes for real rows.
      notify: `CASE WHEN pg_try_advisory_xact_lock_shared(hashtext(${lock}), hashtext(${channelSchema})) THEN NULL ELSE pg_notify(${channel}, ${channelSchema}) END`,
      params,
    };
  }
}

/** Outbox rows as parts of the caller's statement (`OutboxWriter.prepareRows`). */
export interface PreparedOutboxRows<T extends EventTopic> {
  envelopes: EventOf<T>[];
  insert: string;
  notify: string;
  params: unknown[];
}

/** An outbox row as parts of the caller's statement (`OutboxWriter.prepare`). */
export interface PreparedOutboxRow<T extends EventTopic> {
  envelope: EventOf<T>;
  insert: string;
  notify: string;
  params: unknown[];
}
