/* Loadout's service worker (issue 12), hand-written; the build fills in the version and the
 * precache list. What it does:
 * - precaches the shell (page, JS, CSS, icons, manifest) and the offline page;
 * - navigations go to the network first; offline, the precached offline page answers;
 * - hashed static files (immutable) come from the cache, filled on first use;
 * - remoteEntry files and /remotes.json: network first, the cached copy offline;
 * - never touches the API, sign-in or anything personal: /api/, /oidc/, /auth/interaction/,
 *   /dev/, /ws and every non-GET request go straight to the network, uncached. */
'use strict';

const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE_PREFIX = 'loadout-';
const STATIC_CACHE = `${CACHE_PREFIX}static-${VERSION}`;
const RUNTIME_CACHE = `${CACHE_PREFIX}runtime-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const NEVER = /^\/(api|oidc|auth\/interaction|dev|ws)(\/|$)/;
const FRESH = /(^\/remotes\.json$|\/remoteEntry\.js$|^\/js\/main\.js$|^\/manifest\.webmanifest$)/;
const HASHED = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg|jpg|webp)$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(STATIC_CACHE)
      // Hashed files are immutable, so the HTTP cache's copy (usually already there) is good.
      .then((cache) =>
        cache.addAll(
          PRECACHE.map(
            (url) => new Request(url, { cache: HASHED.test(url) ? 'default' : 'no-cache' }),
          ),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => k.startsWith(CACHE_PREFIX) && k !== STATIC_CACHE && k !== RUNTIME_CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request) {
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') {
      const cache = await caches.open(RUNTIME_CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const cached = await caches.match(request);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const cache = await caches.open(RUNTIME_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function navigation(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_URL)) ?? Response.error();
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return;
  // Anything carrying credentials explicitly is personal: leave it to the network.
  if (request.headers.has('authorization')) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigation(request));
  } else if (FRESH.test(url.pathname)) {
    event.respondWith(networkFirst(request));
  } else if (HASHED.test(url.pathname) || PRECACHE.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
