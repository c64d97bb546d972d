import { type KeyValueStore } from './key-value-store';
import { MemoryKeyValueStore } from './memory-key-value-store';
import { RedisKeyValueStore } from './redis-key-value-store';

/** Redis when a URL is configured, otherwise in-process. */
export async function createKeyValueStore(
  redisUrl: string | undefined,
  prefix?: string,
): Promise<KeyValueStore> {
  return redisUrl ? RedisKeyValueStore.connect(redisUrl, prefix) : new MemoryKeyValueStore();
}
