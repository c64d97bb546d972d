/**
 * Seed §7: at start-up, unregister any service worker left by an older version of the site and
 * delete its caches. Failures are ignored; they must never stop the app from starting.
 */
export async function clearServiceWorkers(
  nav: Navigator = navigator,
  cacheStorage: CacheStorage | undefined = globalThis.caches,
): Promise<void> {
  const jobs: Array<Promise<unknown>> = [];
  if (nav.serviceWorker && typeof nav.serviceWorker.getRegistrations === 'function') {
    jobs.push(
      nav.serviceWorker
        .getRegistrations()
        .then((registrations) => Promise.all(registrations.map((r) => r.unregister()))),
    );
  }
  if (cacheStorage) {
    jobs.push(
      cacheStorage.keys().then((keys) => Promise.all(keys.map((key) => cacheStorage.delete(key)))),
    );
  }
  await Promise.allSettled(jobs);
}
