import { loadConfig, portVar, serviceEnv, z } from '@loadout/config';
import { imagesEnv } from '@loadout/images';
import { storageEnv } from '@loadout/storage';

export const listingsEnv = serviceEnv.extend({
  PORT: portVar(3002),
  ...storageEnv.shape,
  ...imagesEnv.shape,
  /** Shared secret of the internal reserve/release/sold routes; unset = those routes are 404. */
  INTERNAL_API_TOKEN: z.string().min(16).optional(),
  KAFKA_CLIENT_ID: z.string().optional(),
  /**
   * Orders, asked by the reservation sweep what to do with listings reserved longer than the
   * grace period (issue 23 scenario 1); unset = no sweep.
   */
  ORDERS_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  /** A reservation younger than this is never questioned (a checkout may still be writing). */
  RESERVATION_GRACE_SECONDS: z.coerce.number().int().min(1).default(300),
  /** How often the sweep runs; 0 = never (tests call it). */
  RESERVATION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).default(60_000),
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
