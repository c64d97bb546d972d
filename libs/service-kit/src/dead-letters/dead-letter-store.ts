import { type DataSource } from 'typeorm';
import { OUTBOX_CHANNEL } from '@loadout/events';

/** One event a consumer group gave up on, as every service keeps them (`<schema>.dead_letter`). */
export interface DeadLetter {
  consumer: string;
  eventId: string;
  topic: string;
  error: string;
  attempts: number;
  createdAt: string;
  envelope: Record<string, unknown>;
}

interface DeadLetterRow {
  consumer: string;
  event_id: string;
  topic: string;
  error: string;
  attempts: number;
  created_at: Date;
  envelope: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isEventId = (value: string) => UUID.test(value);

const toDeadLetter = (r: DeadLetterRow): DeadLetter => ({
  consumer: r.consumer,
  eventId: r.event_id,
  topic: r.topic,
  error: r.error,
  attempts: r.attempts,
  createdAt: new Date(r.created_at).toISOString(),
  envelope: r.envelope,
});

/**
 * The dead-letter table of one service's schema. A replay removes the dead letter and the
 * inbox row that kept redelivery out, and puts the original envelope (same id) back in the
 * service's own outbox: the relay ships it to its topic, this group processes it through its
 * normal idempotent consumer, every other group already has it in its inbox and skips it.
 */
export class DeadLetterStore {
  private readonly table: string;
  private readonly inbox: string;
  private readonly outbox: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
  ) {
    const s = `"${schema.replace(/"/g, '""')}"`;
    this.table = `${s}."dead_letter"`;
    this.inbox = `${s}."inbox"`;
    this.outbox = `${s}."outbox"`;
  }

  async list(limit: number): Promise<DeadLetter[]> {
    const rows: DeadLetterRow[] = await this.dataSource.query(
      `SELECT consumer, event_id, topic, error, attempts, created_at, envelope
         FROM ${this.table} ORDER BY created_at DESC, event_id LIMIT $1`,
      [limit],
    );
    return rows.map(toDeadLetter);
  }

  /** True when the dead letter existed and is queued again. */
  async replay(consumer: string, eventId: string): Promise<boolean> {
    return this.dataSource.transaction(async (tx) => {
      // TypeORM answers a DELETE with [rows, affected count].
      const [rows] = (await tx.query(
        `DELETE FROM ${this.table} WHERE consumer = $1 AND event_id = $2
         RETURNING consumer, event_id, topic, error, attempts, created_at, envelope`,
        [consumer, eventId],
      )) as [DeadLetterRow[], number];
      const row = rows[0];
      if (!row) return false;
      await tx.query(`DELETE FROM ${this.inbox} WHERE consumer = $1 AND event_id = $2`, [
        consumer,
        eventId,
      ]);
      const aggregateId = String(row.envelope['aggregateId'] ?? eventId);
      // A second replay of the same event finds its earlier outbox row: ship it again.
      await tx.query(
        `INSERT INTO ${this.outbox} ("id", "topic", "aggregate_id", "envelope")
         VALUES ($1, $2, $3, $4::jsonb)
         ON CONFLICT ("id") DO UPDATE SET "published_at" = NULL`,
        [eventId, row.topic, aggregateId, JSON.stringify(row.envelope)],
      );
      await tx.query(`SELECT pg_notify($1, $2)`, [OUTBOX_CHANNEL, this.schema]);
      return true;
    });
  }

  /** True when the dead letter existed; its inbox row stays, so the event is never processed. */
  async discard(consumer: string, eventId: string): Promise<boolean> {
    const [, affected] = (await this.dataSource.query(
      `DELETE FROM ${this.table} WHERE consumer = $1 AND event_id = $2`,
      [consumer, eventId],
    )) as [unknown, number];
    return affected > 0;
  }
}
