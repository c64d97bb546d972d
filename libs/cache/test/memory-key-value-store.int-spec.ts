import { MemoryKeyValueStore } from '../src';
import { keyValueStoreContract } from './key-value-store.contract';

describe('MemoryKeyValueStore', () => {
  keyValueStoreContract(async () => new MemoryKeyValueStore());

  it('evicts the oldest entries beyond its size cap', async () => {
    const store = new MemoryKeyValueStore(2);
    await store.set('a', '1', 10_000);
    await store.set('b', '2', 10_000);
    await store.set('c', '3', 10_000);
    expect(await store.get('a')).toBeNull();
    expect(await store.get('c')).toBe('3');
  });
});
