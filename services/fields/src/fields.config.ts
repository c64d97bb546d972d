import { loadConfig, portVar, serviceEnv } from '@loadout/config';

export const fieldsEnv = serviceEnv.extend({ PORT: portVar(3006) });
export type FieldsConfig = ReturnType<typeof loadFieldsConfig>;
export const FIELDS_CONFIG = Symbol('FIELDS_CONFIG');
export const FIELDS_SCHEMA = 'fields';

export const loadFieldsConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(fieldsEnv, env);
