import { DataSource } from 'typeorm';
import { serviceDataSourceOptions } from '@loadout/db';
import { FIELDS_SCHEMA, type FieldsConfig } from './fields.config';
import { FieldEntity } from './fields/persistence/field.entity';
import { fieldsMigrations } from './migrations';

export const fieldsEntities = [FieldEntity];

export function fieldsDataSourceOptions(
  config: Pick<FieldsConfig, 'DATABASE_URL' | 'DB_POOL_SIZE'>,
) {
  return serviceDataSourceOptions({
    url: config.DATABASE_URL,
    schema: FIELDS_SCHEMA,
    entities: fieldsEntities,
    migrations: fieldsMigrations,
    poolSize: config.DB_POOL_SIZE,
    applicationName: 'fields',
  });
}

export const createFieldsDataSource = (
  config: Pick<FieldsConfig, 'DATABASE_URL' | 'DB_POOL_SIZE'>,
) => new DataSource(fieldsDataSourceOptions(config));
