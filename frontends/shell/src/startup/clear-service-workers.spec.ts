import { clearServiceWorkers } from './clear-service-workers';

const ORIGIN = 'https://loadout.example';

const registration = (scriptURL: string | null) => {
  const unregister = jest.fn(() => Promise.resolve(true));
  return {
    active: scriptURL ? { scriptURL } : null,
    waiting: null,
    installing: null,
    unregister,
  };
};

describe('clearServiceWorkers', () => {
  it('unregisters foreign service workers and deletes foreign caches, keeping ours', async () => {
    const ours = registration(`${ORIGIN}/sw.js`);
    const old = registration(`${ORIGIN}/service-worker.js`);
    const elsewhere = registration('https://other.example/sw.js');
    const unknown = registration(null);
    const nav = {
      serviceWorker: {
        getRegistrations: () => Promise.resolve([ours, old, elsewhere, unknown]),
      },
    } as unknown as Navigator;
    const del = jest.fn(() => Promise.resolve(true));
    const caches = {
      keys: () => Promise.resolve(['workbox-precache-v2', 'a', 'loadout-static-1234abcd']),
      delete: del,
    } as unknown as CacheStorage;

    await clearServiceWorkers(nav, caches, ORIGIN);

    expect(ours.unregister).not.toHaveBeenCalled();
    expect(old.unregister).toHaveBeenCalledTimes(1);
    expect(elsewhere.unregister).toHaveBeenCalledTimes(1);
    expect(unknown.unregister).toHaveBeenCalledTimes(1);
    expect(del).toHaveBeenCalledWith('workbox-precache-v2');
    expect(del).toHaveBeenCalledWith('a');
    expect(del).not.toHaveBeenCalledWith('loadout-static-1234abcd');
  });

  it('does nothing, and does not throw, where the APIs are missing or fail', async () => {
    await expect(clearServiceWorkers({} as Navigator, undefined)).resolves.toBeUndefined();
    const failing = {
      serviceWorker: { getRegistrations: () => Promise.reject(new Error('denied')) },
    } as unknown as Navigator;
    await expect(clearServiceWorkers(failing, undefined)).resolves.toBeUndefined();
  });
});
