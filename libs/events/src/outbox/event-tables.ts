import { type SqlExecutor } from '@loadout/db';
import { quoteSchema } from '../internal/sql';

/**
 * Creates `outbox`, `inbox` and `dead_letter` in a service's own schema. Call it from
 * the service's TypeORM migration: `await createEventTables(queryRunner, 'fields')`.
 * Idempotent, so a service that only consumes (or only publishes) can still call it.
 */
export async function createEventTables(executor: SqlExecutor, schema: string): Promise<void> {
  const s = quoteSchema(schema);
  await executor.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
  // `seq` orders the relay: created_at ties within one transaction and uuids are random.
  await executor.query(`
    CREATE TABLE IF NOT EXISTS ${s}."outbox" (
      "id" uuid PRIMARY KEY,
      "seq" bigint GENERATED ALWAYS AS IDENTITY,
      "topic" text NOT NULL,
      "aggregate_id" text NOT NULL,
      "envelope" jsonb NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT clock_timestamp(),
      "published_at" timestamptz NULL
    )`);
  await executor.query(`
    CREATE INDEX IF NOT EXISTS "outbox_unpublished_idx"
      ON ${s}."outbox" ("seq") WHERE "published_at" IS NULL`);
  await executor.query(`
    CREATE TABLE IF NOT EXISTS ${s}."inbox" (
      "consumer" text NOT NULL,
      "event_id" uuid NOT NULL,
      "topic" text NOT NULL,
      "processed_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("consumer", "event_id")
    )`);
  await executor.query(`
    CREATE TABLE IF NOT EXISTS ${s}."dead_letter" (
      "event_id" uuid NOT NULL,
      "consumer" text NOT NULL,
      "topic" text NOT NULL,
      "envelope" jsonb NOT NULL,
      "error" text NOT NULL,
      "attempts" integer NOT NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("consumer", "event_id")
    )`);
}

/** The `down` of the migration that called `createEventTables`. Leaves the schema. */
export async function dropEventTables(executor: SqlExecutor, schema: string): Promise<void> {
  const s = quoteSchema(schema);
  await executor.query(`DROP TABLE IF EXISTS ${s}."dead_letter"`);
  await executor.query(`DROP TABLE IF EXISTS ${s}."inbox"`);
  await executor.query(`DROP TABLE IF EXISTS ${s}."outbox"`);
}
