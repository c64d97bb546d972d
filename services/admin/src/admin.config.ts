import { loadConfig, portVar, serviceEnv, z } from '@loadout/config';

const serviceUrl = z
  .url({ message: 'must be a URL' })
  .optional()
  .transform((u) => u?.replace(/\/+$/, ''));

export const adminEnv = serviceEnv.extend({
  PORT: portVar(3007),
  /**
   * The services the admin service calls with the acting admin's token: moderator removal
   * (listings), hiding a message (messaging), dead letters (every service), the ledger (orders).
   * Unset = that service's part is shown as unavailable.
   */
  IDENTITY_URL: serviceUrl,
  LISTINGS_URL: serviceUrl,
  ORDERS_URL: serviceUrl,
  MESSAGING_URL: serviceUrl,
  NOTIFICATIONS_URL: serviceUrl,
  FIELDS_URL: serviceUrl,
  /** Bug reports one client address may send per hour. */
  BUG_REPORTS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /** Content reports one client address may send per hour. */
  REPORTS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(20),
});
export type AdminConfig = ReturnType<typeof loadAdminConfig>;
export const ADMIN_CONFIG = Symbol('ADMIN_CONFIG');
export const ADMIN_SCHEMA = 'admin';
/** Consumer group of this service (the stats read model). */
export const ADMIN_GROUP = 'admin';

export const loadAdminConfig = (env: NodeJS.ProcessEnv = process.env) => loadConfig(adminEnv, env);
