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
  applicationName?: string;
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
    extra: { max: opts.poolSize ?? 10 },
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
