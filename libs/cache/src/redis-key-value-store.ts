import { createClient } from 'redis';
import { type KeyValueStore } from './key-value-store';

type RedisClient = ReturnType<typeof createClient>;

/** Shared store on Redis; every key is prefixed so several apps can share one server. */
export class RedisKeyValueStore implements KeyValueStore {
  readonly kind = 'redis' as const;

  private constructor(
    private readonly client: RedisClient,
    private readonly prefix: string,
  ) {}

  static async connect(url: string, prefix = 'loadout:'): Promise<RedisKeyValueStore> {
    let connected = false;
    const client = createClient({
      url,
      socket: {
        connectTimeout: 2000,
        // Give up quickly on the first connection (boot fails clearly); after that keep retrying.
        reconnectStrategy: (retries, cause) =>
          !connected && retries >= 2
            ? new Error(`Redis is unreachable: ${String(cause?.message ?? cause)}`)
            : Math.min(retries * 200, 5000),
      },
    });
    // Without a listener node-redis throws on connection errors; readiness reports them instead.
    client.on('error', () => undefined);
    await client.connect();
    connected = true;
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

  async ping(): Promise<void> {
    await this.client.ping();
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
