import { type KeyValueStore, MemoryKeyValueStore } from '@loadout/cache';
import { type GatewayConfig } from '../gateway.config';
import {
  BrowseCache,
  type CachedResponse,
  etagMatches,
  etagOf,
  LOCAL_CACHE_BYTES,
} from './browse-cache';

describe('etags', () => {
  it('are stable for the same body and differ for another', () => {
    expect(etagOf(Buffer.from('{"a":1}'))).toBe(etagOf(Buffer.from('{"a":1}')));
    expect(etagOf(Buffer.from('{"a":1}'))).not.toBe(etagOf(Buffer.from('{"a":2}')));
    expect(etagOf(Buffer.from('x'))).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
  });

  it('match If-None-Match lists, weak or strong, and *', () => {
    const tag = etagOf(Buffer.from('x'));
    expect(etagMatches(`"other", ${tag}`, tag)).toBe(true);
    expect(etagMatches(tag.replace('W/', ''), tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"nope"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });
});

describe('BrowseCache', () => {
  const entry = (text: string): CachedResponse => ({
    status: 200,
    contentType: 'application/json',
    etag: etagOf(Buffer.from(text)),
    body: Buffer.from(text),
  });
  const config = { BROWSE_CACHE_TTL_SECONDS: 10 } as GatewayConfig;

  /** A shared store as Redis would be: strings only (a port fake for this unit test). */
  function sharedStore(): KeyValueStore & { values: Map<string, string> } {
    const values = new Map<string, string>();
    return {
      kind: 'redis',
      values,
      get: async (k) => values.get(k) ?? null,
      set: async (k, v) => void values.set(k, v),
      del: async (...keys) => keys.forEach((k) => values.delete(k)),
      hit: async () => ({ count: 1, resetMs: 0 }),
      addCounts: async () => new Map(),
      ping: async () => undefined,
      close: async () => undefined,
    };
  }

  afterEach(() => jest.useRealTimers());

  it('serves an entry until its TTL ends, in process', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const cache = new BrowseCache(new MemoryKeyValueStore(), config);
    await cache.put('/api/v1/fields', entry('{"a":1}'));
    expect((await cache.get('/api/v1/fields'))?.body.toString()).toBe('{"a":1}');
    jest.setSystemTime(1_000_000 + 9_999);
    expect(await cache.get('/api/v1/fields')).not.toBeNull();
    jest.setSystemTime(1_000_000 + 10_000);
    expect(await cache.get('/api/v1/fields')).toBeNull();
  });

  it("fills one replica's miss from another's entry in the shared store, with the same expiry", async () => {
    jest.useFakeTimers({ now: 2_000_000 });
    const shared = sharedStore();
    await new BrowseCache(shared, config).put('/api/v1/listings?x=1', entry('{"b":2}'));
    const other = new BrowseCache(shared, config);
    jest.setSystemTime(2_000_000 + 5_000);
    const hit = await other.get('/api/v1/listings?x=1');
    expect(hit).toMatchObject({ status: 200, etag: etagOf(Buffer.from('{"b":2}')) });
    expect(hit?.body.toString()).toBe('{"b":2}');
    // Served locally afterwards, and only until the shared entry's own expiry.
    shared.values.clear();
    expect(await other.get('/api/v1/listings?x=1')).not.toBeNull();
    jest.setSystemTime(2_000_000 + 10_000);
    expect(await other.get('/api/v1/listings?x=1')).toBeNull();
  });

  it('holds at most LOCAL_CACHE_BYTES of bodies in process, dropping the oldest', async () => {
    const cache = new BrowseCache(new MemoryKeyValueStore(), config);
    const big = 'x'.repeat(LOCAL_CACHE_BYTES / 2 - 1);
    await cache.put('/a', entry(big));
    await cache.put('/b', entry(big));
    await cache.put('/c', entry(big));
    expect(await cache.get('/a')).toBeNull();
    expect(await cache.get('/b')).not.toBeNull();
    expect(await cache.get('/c')).not.toBeNull();
  });
});
