import { defineService } from '@loadout/service-kit';
import { FIELDS_CONFIG, FIELDS_SCHEMA, loadFieldsConfig } from './fields.config';
import { FieldsModule } from './fields/fields.module';
import { FieldEntity } from './fields/persistence/field.entity';
import { fieldsMigrations } from './migrations';

/** The fields service: playing fields, browsed by everyone and edited by admins. */
export const fieldsService = defineService({
  name: 'fields',
  schema: FIELDS_SCHEMA,
  loadConfig: loadFieldsConfig,
  configToken: FIELDS_CONFIG,
  entities: [FieldEntity],
  migrations: fieldsMigrations,
  modules: () => [FieldsModule],
});
