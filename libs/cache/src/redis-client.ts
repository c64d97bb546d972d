import { createClient } from 'redis';

/** A node-redis client as every Loadout app uses it. */
export type RedisClient = ReturnType<typeof createClient>;

export interface RedisClientOptions {
  /**
   * Refuse to start when the first connection fails twice (the key-value store: boot fails
   * clearly). Without it the client keeps retrying from the start (pub/sub that resumes when
   * Redis comes back).
   */
  failFast?: boolean;
}

/**
 * The one place a Redis client is made (issue 29 item 6): a 2 s connect timeout, reconnects
 * backing off 200 ms a try up to 5 s, and an `error` listener (without one node-redis throws on a
 * lost connection; callers report reachability through readiness or a warning instead). The
 * client is returned unconnected: call `connect()`.
 */
export function createRedisClient(url: string, options: RedisClientOptions = {}): RedisClient {
  let connected = false;
  const client = createClient({
    url,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries, cause) =>
        options.failFast && !connected && retries >= 2
          ? new Error(
              `Redis is unreachable: ${String((cause as Error | undefined)?.message ?? cause)}`,
            )
          : Math.min(retries * 200, 5000),
    },
  });
  client.on('error', () => undefined);
  client.on('ready', () => (connected = true));
  return client;
}
