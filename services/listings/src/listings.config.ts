import { loadConfig, portVar, serviceEnv, z } from '@loadout/config';
import { storageEnv } from '@loadout/storage';

export const listingsEnv = serviceEnv.extend({
  PORT: portVar(3002),
  ...storageEnv.shape,
  /** Shared secret of the internal reserve/release/sold routes; unset = those routes are 404. */
  INTERNAL_API_TOKEN: z.string().min(16).optional(),
  KAFKA_CLIENT_ID: z.string().optional(),
  /** How long hot anonymous reads stay cached; 0 turns the cache off (benchmarks). */
  LISTINGS_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
});
export type ListingsConfig = ReturnType<typeof loadListingsConfig>;
export const LISTINGS_CONFIG = Symbol('LISTINGS_CONFIG');
export const LISTINGS_SCHEMA = 'listings';
/** Consumer group of identity's events (sellers read model). */
export const LISTINGS_GROUP = 'listings';
/** Consumer group of this service's own events, to drop cached reads. */
export const LISTINGS_CACHE_GROUP = 'listings-cache';

export const loadListingsConfig = (env: NodeJS.ProcessEnv = process.env) =>
  loadConfig(listingsEnv, env);
