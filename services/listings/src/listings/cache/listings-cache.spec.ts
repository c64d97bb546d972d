import { MemoryKeyValueStore, type KeyValueStore } from '@loadout/cache';
import { ListingsCache } from './listings-cache';

/** The real in-process store, with every call it gets written down. */
function countingStore(): { store: KeyValueStore; calls: string[] } {
  const inner = new MemoryKeyValueStore();
  const calls: string[] = [];
  const store = new Proxy(inner, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        calls.push(`${String(prop)} ${String(args[0])}`);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { store, calls };
}

describe('ListingsCache', () => {
  it('with caching off, reads and writes nothing in the store (no round trip per request)', async () => {
    const { store, calls } = countingStore();
    const cache = new ListingsCache(store, { LISTINGS_CACHE_TTL_SECONDS: 0 });
    expect(await cache.list('browse:x', async () => 'loaded')).toBe('loaded');
    const peeked = await cache.peek<number>('total:x');
    expect(peeked.value).toBeNull();
    await cache.keep('total:x', 5, peeked.generation);
    expect(await cache.detail('id-1', async () => ({ value: 'page', cacheable: true }))).toBe(
      'page',
    );
    expect(calls).toEqual([]);
  });

  it('with caching on, keeps a peeked total until a change moves the generation', async () => {
    const { store } = countingStore();
    const cache = new ListingsCache(store, { LISTINGS_CACHE_TTL_SECONDS: 60 });
    const first = await cache.peek<number>('total:x');
    expect(first.value).toBeNull();
    await cache.keep('total:x', 5, first.generation);
    expect((await cache.peek<number>('total:x')).value).toBe(5);
    await cache.invalidate();
    expect((await cache.peek<number>('total:x')).value).toBeNull();
  });
});
