import { DataSource, type DataSourceOptions } from 'typeorm';
import { serviceDataSourceOptions } from '@loadout/db';
import { schemaOf, type ServiceConfig, type ServiceDefinition } from './service-definition';

type DbConfig = Pick<ServiceConfig, 'DATABASE_URL' | 'DB_POOL_SIZE'>;

/** TypeORM options of a service: its schema, entities, committed migrations and pool. */
export function serviceDataSourceOptionsOf<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config: DbConfig,
): DataSourceOptions {
  const base = serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: schemaOf(definition),
    entities: definition.entities,
    migrations: definition.migrations,
    poolSize: config.DB_POOL_SIZE,
    applicationName: definition.name,
  });
  if (!definition.connectionOptions) return base;
  return {
    ...base,
    extra: { ...(base.extra as object), options: definition.connectionOptions },
  } as DataSourceOptions;
}

/** A data source of the service outside Nest (migrations, seeds, scripts, tests). */
export function createServiceDataSource<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config: DbConfig,
): DataSource {
  return new DataSource(serviceDataSourceOptionsOf(definition, config));
}
