/**
 * Port for short-lived shared state: browse caches and rate-limit counters.
 * In-process by default (embedded mode), Redis when REDIS_URL is set so replicas share it.
 */
export interface KeyValueStore {
  readonly kind: 'memory' | 'redis';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Counts a hit in a fixed window; returns the count so far and ms until the window resets. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /**
   * Adds each count to its key's counter (a new counter lives `ttlMs`) in one round trip and
   * returns every key's total: how replicas share counts they batch up in process.
   */
  addCounts(counts: ReadonlyMap<string, number>, ttlMs: number): Promise<Map<string, number>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
