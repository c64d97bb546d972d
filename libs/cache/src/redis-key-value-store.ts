import { type KeyValueStore } from './key-value-store';
import { createRedisClient, type RedisClient } from './redis-client';

/** Shared store on Redis; every key is prefixed so several apps can share one server. */
export class RedisKeyValueStore implements KeyValueStore {
  readonly kind = 'redis' as const;

  private constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix = 'loadout:'): Promise<RedisKeyValueStore> {
    // Give up quickly on the first connection (boot fails clearly); after that keep retrying.
    const client = createRedisClient(url, { failFast: true });
    await client.connect();
    return new RedisKeyValueStore(client, prefix);
  }

  async get(key: string): Promise<string | null> {
    return (await this.client.get(this.prefix + key)) as string | null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.client.set(this.prefix + key, value, {
      expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) },
    });
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length) await this.client.del(keys.map((k) => this.prefix + k));
  }

  async hit(key: string, windowMs: number): Promise<{ count: number; resetMs: number }> {
    const k = this.prefix + key;
    const [count, ttl] = (await this.client
      .multi()
      .incr(k)
      .pExpire(k, windowMs, 'NX')
      .pTTL(k)
      .exec()) as unknown as [number, number, number];
    return { count: Number(count), resetMs: Number(ttl) > 0 ? Number(ttl) : windowMs };
  }

  async addCounts(
    counts: ReadonlyMap<string, number>,
    ttlMs: number,
  ): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    if (counts.size === 0) return totals;
    const batch = this.client.multi();
    for (const [key, n] of counts) {
      batch.incrBy(this.prefix + key, n).pExpire(this.prefix + key, ttlMs, 'NX');
    }
    const replies = (await batch.exec()) as unknown as number[];
    let i = 0;
    for (const key of counts.keys()) {
      totals.set(key, Number(replies[i]));
      i += 2;
    }
    return totals;
  }

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
