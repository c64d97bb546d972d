import { OUR_CACHE_PREFIX, OUR_WORKER_PATH } from '../pwa/service-worker';

/** True for a registration whose worker is ours (`/sw.js` on this origin). */
function isOurs(registration: ServiceWorkerRegistration, origin: string): boolean {
  const worker = registration.active ?? registration.waiting ?? registration.installing;
  if (!worker) return false;
  try {
    const url = new URL(worker.scriptURL);
    return url.origin === origin && url.pathname === OUR_WORKER_PATH;
  } catch {
    return false;
  }
}

/**
 * Seed §7: at start-up, unregister any service worker left by an older version of the site and
 * delete its caches. Ours (`/sw.js`, issue 12) and its `loadout-` caches stay; the worker
 * deletes its own stale versions when it activates. Failures are ignored; they must never stop
 * the app from starting.
 */
export async function clearServiceWorkers(
  nav: Navigator = navigator,
  cacheStorage: CacheStorage | undefined = globalThis.caches,
  origin: string = globalThis.location?.origin ?? '',
): Promise<void> {
  const jobs: Array<Promise<unknown>> = [];
  if (nav.serviceWorker && typeof nav.serviceWorker.getRegistrations === 'function') {
    jobs.push(
      nav.serviceWorker
        .getRegistrations()
        .then((registrations) =>
          Promise.all(registrations.filter((r) => !isOurs(r, origin)).map((r) => r.unregister())),
        ),
    );
  }
  if (cacheStorage) {
    jobs.push(
      cacheStorage
        .keys()
        .then((keys) =>
          Promise.all(
            keys
              .filter((key) => !key.startsWith(OUR_CACHE_PREFIX))
              .map((key) => cacheStorage.delete(key)),
          ),
        ),
    );
  }
  await Promise.allSettled(jobs);
}
