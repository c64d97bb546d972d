import { type KeyValueStore } from '../src';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One behaviour suite for every KeyValueStore adapter. */
export function keyValueStoreContract(make: () => Promise<KeyValueStore>) {
  let store: KeyValueStore;
  beforeEach(async () => {
    store = await make();
  });
  afterEach(async () => {
    await store.close();
  });

  it('stores and reads a value', async () => {
    await store.set('a', 'one', 10_000);
    expect(await store.get('a')).toBe('one');
    expect(await store.get('missing')).toBeNull();
  });

  it('expires values after their ttl', async () => {
    await store.set('short', 'x', 40);
    await sleep(80);
    expect(await store.get('short')).toBeNull();
  });

  it('deletes keys', async () => {
    await store.set('d1', 'x', 10_000);
    await store.set('d2', 'y', 10_000);
    await store.del('d1', 'd2');
    expect(await store.get('d1')).toBeNull();
    expect(await store.get('d2')).toBeNull();
  });

  it('counts hits in a fixed window and starts over after it', async () => {
    expect((await store.hit('rl', 100)).count).toBe(1);
    expect((await store.hit('rl', 100)).count).toBe(2);
    const third = await store.hit('rl', 100);
    expect(third.count).toBe(3);
    expect(third.resetMs).toBeGreaterThan(0);
    expect(third.resetMs).toBeLessThanOrEqual(100);
    await sleep(150);
    expect((await store.hit('rl', 100)).count).toBe(1);
  });
}
