import { type SqlExecutor } from '@loadout/db';
import { quoteSchema } from '../internal/sql';

export const DEFAULT_EVENT_BUS_SCHEMA = 'event_bus';

/**
 * Tables of the postgres transport, shared by every service on the same database.
 * `log` is append-only; `position` is only assigned under the publish lock (see
 * PostgresEventTransport.publish), so positions become visible in increasing order.
 */
export async function createEventBusSchema(
  executor: SqlExecutor,
  schema: string = DEFAULT_EVENT_BUS_SCHEMA,
): Promise<void> {
  const s = quoteSchema(schema);
  await executor.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
  await executor.query(`
    CREATE TABLE IF NOT EXISTS ${s}."log" (
      "position" bigserial PRIMARY KEY,
      "topic" text NOT NULL,
      "key" text NOT NULL,
      "event_id" uuid NOT NULL,
      "envelope" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
  await executor.query(
    `CREATE INDEX IF NOT EXISTS "log_topic_position_idx" ON ${s}."log" ("topic", "position")`,
  );
  await executor.query(`
    CREATE TABLE IF NOT EXISTS ${s}."consumer_offsets" (
      "consumer_group" text NOT NULL,
      "topic" text NOT NULL,
      "position" bigint NOT NULL,
      "updated_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("consumer_group", "topic")
    )`);
}

export async function dropEventBusSchema(
  executor: SqlExecutor,
  schema: string = DEFAULT_EVENT_BUS_SCHEMA,
): Promise<void> {
  await executor.query(`DROP SCHEMA IF EXISTS ${quoteSchema(schema)} CASCADE`);
}
