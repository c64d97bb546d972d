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
  ping(): Promise<void>;
  close(): Promise<void>;
}
