import { MemoryKeyValueStore } from '@loadout/cache';
import { SharedWindowCounter } from './shared-window-counter';

describe('SharedWindowCounter', () => {
  let now = 120_000;
  const clock = () => now;
  beforeEach(() => {
    now = 120_000;
  });

  it('answers at once and sends the hits in one batch, with no store call per hit', async () => {
    const store = new MemoryKeyValueStore();
    const calls: number[] = [];
    const counter = new SharedWindowCounter(
      {
        addCounts: (counts, ttl) => {
          calls.push(counts.size);
          return store.addCounts(counts, ttl);
        },
      },
      60_000,
      { now: clock },
    );
    expect([counter.hit('a'), counter.hit('a'), counter.hit('b')]).toEqual([1, 2, 1]);
    expect(calls).toEqual([]);
    await counter.flush();
    expect(calls).toEqual([2]);
    expect(counter.hit('a')).toBe(3);
    counter.stop();
  });

  it('counts what other replicas sent once it has exchanged a batch', async () => {
    const store = new MemoryKeyValueStore();
    const a = new SharedWindowCounter(store, 60_000, { now: clock });
    const b = new SharedWindowCounter(store, 60_000, { now: clock });
    for (let i = 0; i < 5; i++) a.hit('ip');
    await a.flush();
    expect(b.hit('ip')).toBe(1); // B has not heard of A's hits yet
    await b.flush();
    expect(b.hit('ip')).toBe(7); // 5 from A, 1 sent by B, this one
    a.stop();
    b.stop();
  });

  it('counts hits made while a batch is on its way', async () => {
    const store = new MemoryKeyValueStore();
    let release: () => void = () => undefined;
    let held = true;
    const slow = {
      addCounts: async (counts: ReadonlyMap<string, number>, ttl: number) => {
        if (held) await new Promise<void>((r) => (release = r));
        held = false;
        return store.addCounts(counts, ttl);
      },
    };
    const counter = new SharedWindowCounter(slow, 60_000, { now: clock });
    counter.hit('ip');
    counter.hit('ip');
    const sent = counter.flush();
    expect(counter.hit('ip')).toBe(3);
    release();
    await sent;
    expect(counter.hit('ip')).toBe(4);
    await counter.flush();
    expect(await store.get('2:ip')).toBe('4');
    counter.stop();
  });

  it('starts again in the next window and keys the store by window', async () => {
    const store = new MemoryKeyValueStore();
    const counter = new SharedWindowCounter(store, 60_000, { now: clock });
    counter.hit('ip');
    counter.hit('ip');
    await counter.flush();
    now += 45_000;
    expect(counter.resetMs()).toBe(15_000);
    now += 15_000;
    expect(counter.hit('ip')).toBe(1);
    expect(counter.resetMs()).toBe(60_000);
    await counter.flush();
    expect(await store.get('2:ip')).toBe('2');
    expect(await store.get('3:ip')).toBe('1');
    counter.stop();
  });

  it('keeps counting when the store is away and sends the hits once it answers', async () => {
    const store = new MemoryKeyValueStore();
    let away = true;
    const errors: unknown[] = [];
    let flushed = 0;
    const counter = new SharedWindowCounter(
      {
        addCounts: (counts, ttl) =>
          away ? Promise.reject(new Error('connection refused')) : store.addCounts(counts, ttl),
      },
      60_000,
      { now: clock, onFlushError: (e) => errors.push(e), onFlushed: () => flushed++ },
    );
    counter.hit('ip');
    counter.hit('ip');
    await counter.flush();
    expect(errors).toHaveLength(1);
    expect(counter.hit('ip')).toBe(3);
    away = false;
    await counter.flush();
    expect(flushed).toBe(1);
    expect(await store.get('2:ip')).toBe('3');
    expect(counter.hit('ip')).toBe(4);
    counter.stop();
  });

  it('sends by itself after flushMs', async () => {
    const store = new MemoryKeyValueStore();
    const counter = new SharedWindowCounter(store, 60_000, { now: clock, flushMs: 20 });
    counter.hit('ip');
    await new Promise((r) => setTimeout(r, 80));
    expect(await store.get('2:ip')).toBe('1');
    counter.stop();
  });
});
