import { DataSource, type DataSourceOptions } from 'typeorm';
import {
  DEFAULT_SESSION_TIMEOUTS,
  serviceDataSourceOptions,
  sessionTimeoutOptions,
  type SessionTimeouts,
} from '@loadout/db';
import { schemaOf, type ServiceConfig, type ServiceDefinition } from './service-definition';

type DbConfig = Pick<
  ServiceConfig,
  | 'DATABASE_URL'
  | 'DB_POOL_SIZE'
  | 'DB_POOL_IDLE_TIMEOUT_MS'
  | 'DB_LOCK_TIMEOUT_MS'
  | 'DB_STATEMENT_TIMEOUT_MS'
  | 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS'
>;

/** The session limits of the config (ADR 0026); a missing one takes its documented default. */
export function sessionTimeoutsOf(config: Partial<DbConfig>): SessionTimeouts {
  return {
    lockTimeoutMs: config.DB_LOCK_TIMEOUT_MS ?? DEFAULT_SESSION_TIMEOUTS.lockTimeoutMs,
    statementTimeoutMs:
      config.DB_STATEMENT_TIMEOUT_MS ?? DEFAULT_SESSION_TIMEOUTS.statementTimeoutMs,
    idleInTransactionTimeoutMs:
      config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS ??
      DEFAULT_SESSION_TIMEOUTS.idleInTransactionTimeoutMs,
  };
}

/** The `options` startup parameter of every connection the service opens. */
export function sessionOptionsOf(config: Partial<DbConfig>): string {
  return sessionTimeoutOptions(sessionTimeoutsOf(config));
}

/** TypeORM options of a service: its schema, entities, committed migrations and pool. */
export function serviceDataSourceOptionsOf<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config: DbConfig,
): DataSourceOptions {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: schemaOf(definition),
    entities: definition.entities,
    migrations: definition.migrations,
    poolSize: config.DB_POOL_SIZE,
    poolIdleTimeoutMs: config.DB_POOL_IDLE_TIMEOUT_MS,
    applicationName: definition.name,
    timeouts: sessionTimeoutsOf(config),
    connectionOptions: definition.connectionOptions,
  });
}

/** A data source of the service outside Nest (migrations, seeds, scripts, tests). */
export function createServiceDataSource<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config: DbConfig,
): DataSource {
  return new DataSource(serviceDataSourceOptionsOf(definition, config));
}
