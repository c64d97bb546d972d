import { loadConfig, portVar, serviceEnv } from '@loadout/config';

export const adminEnv = serviceEnv.extend({ PORT: portVar(3007) });
export type AdminConfig = ReturnType<typeof loadAdminConfig>;
export const ADMIN_CONFIG = Symbol('ADMIN_CONFIG');
export const ADMIN_SCHEMA = 'admin';

export const loadAdminConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(adminEnv, env);
