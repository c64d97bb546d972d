import {
  type DynamicModule,
  type ForwardReference,
  type Provider,
  type Type,
} from '@nestjs/common';
import { type EntitySchema, type MixedList } from 'typeorm';
import { type EventConsumerServerOptions } from '@loadout/events';

/** The variables every service reads (`serviceEnv` of `@loadout/config` plus its own PORT). */
export interface ServiceConfig {
  NODE_ENV: 'development' | 'test' | 'production';
  HOST: string;
  PORT: number;
  LOG_LEVEL: string;
  CORS_ORIGINS: string[];
  AUTH_ISSUER?: string;
  AUTH_JWKS_URL?: string;
  AUTH_AUDIENCE?: string;
  AUTH_SESSIONS_URL?: string;
  DATABASE_URL: string;
  DATABASE_DIRECT_URL?: string;
  DB_POOL_SIZE: number;
  /** Unused pooled connections close after this; unset = `DEFAULT_POOL_IDLE_TIMEOUT_MS`. */
  DB_POOL_IDLE_TIMEOUT_MS?: number;
  /** Session limits in ms (ADR 0026); unset = the defaults of `.env.example`. */
  DB_LOCK_TIMEOUT_MS?: number;
  DB_STATEMENT_TIMEOUT_MS?: number;
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS?: number;
  MANAGEMENT_PORT?: number;
  EVENT_TRANSPORT: 'postgres' | 'kafka';
  KAFKA_BROKERS?: string[];
  KAFKA_CLIENT_ID?: string;
}

export type ConsumerTuning = Pick<
  EventConsumerServerOptions,
  'maxAttempts' | 'retryDelayMs' | 'maxRetryDelayMs' | 'logger'
>;

/** One consumer group of the service, attached to the HTTP app as a Nest microservice. */
export interface ConsumerGroup {
  group: string;
  /**
   * Transport id that this group's `@EventPattern(topic, transportId)` handlers name. Needed
   * only when a service runs several groups, so each subscribes to its own topics.
   */
  transportId?: symbol;
  /** Retry and dead-letter tuning for this group. */
  tuning?: ConsumerTuning;
  /**
   * `false` when the group's handlers touch nothing in the service's database and may run twice
   * for one event (cache keys): no inbox row and no transaction per event (ADR 0061).
   */
  inbox?: false;
}

type ModuleImport = Type<unknown> | DynamicModule | Promise<DynamicModule> | ForwardReference;
// TypeORM's own list types.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type EntityList = MixedList<Function | string | EntitySchema>;
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type MigrationList = MixedList<Function | string>;

/**
 * Everything that differs between two services. The kit turns it into the Nest app
 * (`createServiceApp`), the data source (`createServiceDataSource`) and the three processes
 * (`runService`, `runMigrations`, `runSeed`).
 */
export interface ServiceDefinition<C extends ServiceConfig = ServiceConfig> {
  /** Log name, OpenAPI title ("Loadout <name>") and event client id. */
  name: string;
  /** Postgres schema of the service's tables, outbox and inbox; default `name`. */
  schema?: string;
  loadConfig(env?: NodeJS.ProcessEnv): C;
  /** Token under which the parsed config is provided to every module of the service. */
  configToken?: symbol;
  entities: EntityList;
  migrations: MigrationList;
  /** Extra Postgres connection options (`-c name=value …`) for every pooled connection. */
  connectionOptions?: string;
  /** The service's own modules (its use cases); a function of the config for optional ones. */
  modules(config: C): ModuleImport[];
  /** Further providers made global next to the config (shared stores, word lists…). */
  providers?(config: C): Provider[];
  /** Consumer groups; none for a service that only publishes. */
  consumers?: ConsumerGroup[];
  /** Options of `createApp` beyond CORS and the OpenAPI title. */
  http?: { bodyLimitBytes?: number };
}

/** Identity function that checks a service definition against its config type. */
export function defineService<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
): ServiceDefinition<C> {
  return definition;
}

export const schemaOf = (definition: Pick<ServiceDefinition, 'name' | 'schema'>): string =>
  definition.schema ?? definition.name;

/** Kafka client id of a group: the service's name for its main group, `name-group` otherwise. */
export const consumerClientId = (serviceName: string, group: string): string =>
  group === serviceName ? serviceName : `${serviceName}-${group}`;
