import { clearServiceWorkers } from './clear-service-workers';

describe('clearServiceWorkers', () => {
  it('unregisters every service worker and deletes every cache', async () => {
    const unregister = jest.fn(() => Promise.resolve(true));
    const nav = {
      serviceWorker: { getRegistrations: () => Promise.resolve([{ unregister }, { unregister }]) },
    } as unknown as Navigator;
    const del = jest.fn(() => Promise.resolve(true));
    const caches = {
      keys: () => Promise.resolve(['a', 'b']),
      delete: del,
    } as unknown as CacheStorage;

    await clearServiceWorkers(nav, caches);

    expect(unregister).toHaveBeenCalledTimes(2);
    expect(del).toHaveBeenCalledWith('a');
    expect(del).toHaveBeenCalledWith('b');
  });

  it('does nothing, and does not throw, where the APIs are missing or fail', async () => {
    await expect(clearServiceWorkers({} as Navigator, undefined)).resolves.toBeUndefined();
    const failing = {
      serviceWorker: { getRegistrations: () => Promise.reject(new Error('denied')) },
    } as unknown as Navigator;
    await expect(clearServiceWorkers(failing, undefined)).resolves.toBeUndefined();
  });
});
