import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';

export interface ServiceDataSourceOptions {
  /** postgres://… URL of the database. */
  url: string;
  /** The service's own schema: every table of the service lives there. */
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function | string>;
  poolSize?: number;
  /** An unused pooled connection closes after this many ms; default DEFAULT_POOL_IDLE_TIMEOUT_MS. */
  poolIdleTimeoutMs?: number;
  applicationName?: string;
  /** Session limits of every connection (ADR 0026); default DEFAULT_SESSION_TIMEOUTS. */
  timeouts?: SessionTimeouts;
  /** More `-c name=value` settings for every connection (listings' trigram threshold). */
  connectionOptions?: string;
}

/**
 * How long an unused pooled connection stays open (`DB_POOL_IDLE_TIMEOUT_MS`). pg's own default,
 * 10 s, closed what a burst had opened just before the next burst needed it again (issue 28).
 */
export const DEFAULT_POOL_IDLE_TIMEOUT_MS = 60_000;

/** Postgres session limits in ms; 0 turns one off. */
export interface SessionTimeouts {
  lockTimeoutMs: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

/** The defaults of `.env.example` (DB_LOCK_TIMEOUT_MS, …), for callers without a config. */
export const DEFAULT_SESSION_TIMEOUTS: SessionTimeouts = {
  lockTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 15_000,
};

/**
 * The libpq `options` startup parameter that sets the limits on each new session. Sent at
 * connect, so it holds for every connection of a pool without a query per checkout.
 */
export function sessionTimeoutOptions(t: SessionTimeouts): string {
  const ms = (n: number) => String(Math.max(0, Math.trunc(n)));
  return [
    `-c lock_timeout=${ms(t.lockTimeoutMs)}`,
    `-c statement_timeout=${ms(t.statementTimeoutMs)}`,
    `-c idle_in_transaction_session_timeout=${ms(t.idleInTransactionTimeoutMs)}`,
  ].join(' ');
}

/**
 * `url` with `options` added to its query (after any already there), for pools built from a
 * URL alone (the outbox relay, the postgres event transport).
 */
export function withConnectionOptions(url: string, options: string): string {
  if (!options) return url;
  const parsed = new URL(url);
  const existing = parsed.searchParams.get('options');
  parsed.searchParams.set('options', existing ? `${existing} ${options}` : options);
  return parsed.toString();
}

/** TypeORM options for one service: own schema, committed migrations, never `synchronize`. */
export function serviceDataSourceOptions(opts: ServiceDataSourceOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: opts.url,
    schema: opts.schema,
    entities: opts.entities,
    migrations: opts.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    applicationName: opts.applicationName ?? opts.schema,
    extra: {
      max: opts.poolSize ?? 10,
      idleTimeoutMillis: opts.poolIdleTimeoutMs ?? DEFAULT_POOL_IDLE_TIMEOUT_MS,
      options: [
        sessionTimeoutOptions(opts.timeouts ?? DEFAULT_SESSION_TIMEOUTS),
        opts.connectionOptions,
      ]
        .filter(Boolean)
        .join(' '),
    },
  };
}

/** Creates the schema when missing, then applies pending migrations. Returns their names. */
export async function migrate(dataSource: DataSource): Promise<string[]> {
  const schema = (dataSource.options as { schema?: string }).schema;
  if (!dataSource.isInitialized) await dataSource.initialize();
  if (schema) await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((m) => m.name);
}
