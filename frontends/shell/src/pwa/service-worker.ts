/** Our service worker (built from pwa/sw.js) and the prefix of the caches it owns. */
export const OUR_WORKER_PATH = '/sw.js';
export const OUR_CACHE_PREFIX = 'loadout-';

/**
 * Registers our service worker once the page has loaded and the browser is idle, so installing
 * it (precaching the shell) never competes with the first paint. No-op without support.
 */
export function registerServiceWorker(
  nav: Navigator = navigator,
  win: Pick<Window, 'addEventListener' | 'setTimeout'> & { document?: Document } = window,
  delayMs = 1_000,
): void {
  if (!nav.serviceWorker || typeof nav.serviceWorker.register !== 'function') return;
  const register = () =>
    win.setTimeout(() => {
      nav.serviceWorker.register(OUR_WORKER_PATH, { scope: '/' }).catch((error: unknown) => {
        console.warn('Loadout could not install its offline support', error);
      });
    }, delayMs);
  if (win.document?.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
