import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { type KeyValueStore } from '@loadout/cache';
import { LISTINGS_CONFIG, type ListingsConfig } from '../../listings.config';

export const LISTINGS_STORE = Symbol('LISTINGS_STORE');

const GENERATION_KEY = 'gen';
/** Outlives every cached entry by far; an expired generation just starts a new one. */
const GENERATION_TTL_MS = 24 * 3600_000;

/**
 * Short-lived cache of hot anonymous reads. Lists (browse, featured, stats) are keyed under a
 * generation that every committed change replaces, so one write retires them all at once;
 * a listing's page is keyed by its id and deleted when it changes. A value loaded while a
 * change committed is not stored (the generation moved), so a stale read cannot outlive it.
 */
@Injectable()
export class ListingsCache implements OnApplicationShutdown {
  private readonly ttlMs: number;

  constructor(
    @Inject(LISTINGS_STORE) private readonly store: KeyValueStore,
    @Inject(LISTINGS_CONFIG) config: Pick<ListingsConfig, 'LISTINGS_CACHE_TTL_SECONDS'>,
  ) {
    this.ttlMs = config.LISTINGS_CACHE_TTL_SECONDS * 1000;
  }

  /** A list under the current generation. */
  async list<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs === 0) return load();
    const gen = await this.generation();
    const full = `list:${gen}:${key}`;
    const hit = await this.read<T>(full);
    if (hit !== null) return hit;
    const value = await load();
    if ((await this.generation()) === gen)
      await this.store.set(full, JSON.stringify(value), this.ttlMs);
    return value;
  }

  /**
   * A value shared by every caller under the current generation (e.g. a filter's total),
   * read and stored separately so the caller can skip a query on a hit.
   */
  async peek<T>(key: string): Promise<{ value: T | null; generation: string }> {
    // Caching off: nothing to read, and no round trip to the store for a generation.
    if (this.ttlMs === 0) return { value: null, generation: '0' };
    const generation = await this.generation();
    return { value: await this.read<T>(`list:${generation}:${key}`), generation };
  }

  /** Stores what `peek` missed, unless a change committed since (the generation moved). */
  async keep(key: string, value: unknown, generation: string): Promise<void> {
    if (this.ttlMs === 0 || (await this.generation()) !== generation) return;
    await this.store.set(`list:${generation}:${key}`, JSON.stringify(value), this.ttlMs);
  }

  /** One listing; `load` says whether the value may be cached (active listings only). */
  async detail<T>(id: string, load: () => Promise<{ value: T; cacheable: boolean }>): Promise<T> {
    if (this.ttlMs === 0) return (await load()).value;
    const full = `detail:${id}`;
    const hit = await this.read<T>(full);
    if (hit !== null) return hit;
    const gen = await this.generation();
    const { value, cacheable } = await load();
    if (cacheable && (await this.generation()) === gen)
      await this.store.set(full, JSON.stringify(value), this.ttlMs);
    return value;
  }

  /** After a committed change: retire every list and the listing's own page. */
  async invalidate(listingId?: string): Promise<void> {
    await this.store.set(GENERATION_KEY, randomBytes(8).toString('hex'), GENERATION_TTL_MS);
    if (listingId) await this.store.del(`detail:${listingId}`);
  }

  ping(): Promise<void> {
    return this.store.ping();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }

  private async generation(): Promise<string> {
    return (await this.store.get(GENERATION_KEY)) ?? '0';
  }

  private async read<T>(key: string): Promise<T | null> {
    const raw = await this.store.get(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  }
}
