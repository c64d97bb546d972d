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

  // Windows of a second: a loaded CI machine once took longer than 40 ms between two awaits,
  // which a 100 ms window with 60 ms sleeps could not absorb.
  it('counts hits in a fixed window and starts over after it', async () => {
    expect((await store.hit('rl', 1_000)).count).toBe(1);
    expect((await store.hit('rl', 1_000)).count).toBe(2);
    const third = await store.hit('rl', 1_000);
    expect(third.count).toBe(3);
    expect(third.resetMs).toBeGreaterThan(0);
    expect(third.resetMs).toBeLessThanOrEqual(1_000);
    await sleep(1_100);
    expect((await store.hit('rl', 1_000)).count).toBe(1);
  });

  it('adds counts to several counters at once and returns their totals', async () => {
    expect(
      await store.addCounts(
        new Map([
          ['rl:a', 3],
          ['rl:b', 1],
        ]),
        10_000,
      ),
    ).toEqual(
      new Map([
        ['rl:a', 3],
        ['rl:b', 1],
      ]),
    );
    expect(
      await store.addCounts(
        new Map([
          ['rl:b', 4],
          ['rl:c', 2],
        ]),
        10_000,
      ),
    ).toEqual(
      new Map([
        ['rl:b', 5],
        ['rl:c', 2],
      ]),
    );
    expect(await store.addCounts(new Map(), 10_000)).toEqual(new Map());
  });

  it('forgets a counter its ttl after it was created, not after its last count', async () => {
    const created = Date.now();
    await store.addCounts(new Map([['rl:t', 1]]), 1_000);
    await sleep(300);
    expect((await store.addCounts(new Map([['rl:t', 1]]), 1_000)).get('rl:t')).toBe(2);
    // 1.2 s after it was created (past its ttl) but well within a ttl of the last count.
    await sleep(Math.max(0, created + 1_200 - Date.now()));
    expect((await store.addCounts(new Map([['rl:t', 1]]), 1_000)).get('rl:t')).toBe(1);
  });
}
