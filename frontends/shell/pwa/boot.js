/* Runs before the shell's own code (issue 12): paints the page statically, starts
 * GET /remotes.json at once and preloads the remote entry of the route being opened and its
 * routes' chunks (the manifest's `preload`, from the remote's build), so none of them waits for
 * the shell to boot. The route table comes from src/remotes/remote-routes.ts at build time. */
(function () {
  'use strict';
  const ROUTES = __ROUTES__;
  const FIRST_PAINT = __FIRST_PAINT__;
  const path = location.pathname;

  /* Static first paint (src/first-paint/): the home page's first view on `/`, and the age gate
   * for a visitor who has never accepted it, put in #root until React renders there (React
   * empties #root on its first render). Inert and hidden from assistive technology: a picture
   * of the page, nothing in it can be focused or pressed until the app itself is there. */
  function storedAcceptance() {
    try {
      return localStorage.getItem(FIRST_PAINT.acceptanceKey) !== null;
    } catch (error) {
      return true;
    }
  }
  function paintFirst() {
    const root = document.getElementById('root');
    if (!root || root.childNodes.length > 0) return;
    let html = path === '/' ? FIRST_PAINT.home : '';
    if (FIRST_PAINT.gateExemptPaths.indexOf(path) < 0 && !storedAcceptance()) {
      html += FIRST_PAINT.gate;
    }
    if (!html) return;
    const frame = document.createElement('div');
    frame.setAttribute('data-first-paint', '');
    frame.setAttribute('inert', '');
    frame.setAttribute('aria-hidden', 'true');
    frame.innerHTML = html;
    root.appendChild(frame);
  }
  if (document.getElementById('root')) paintFirst();
  else document.addEventListener('DOMContentLoaded', paintFirst);

  /* A signed-out visitor opening a listing: its data and main photo start downloading now,
   * not once the app and the marketplace remote have loaded (the photo is the page's largest
   * paint). The listing page takes this response (takePrefetched in @loadout/web). A visitor who
   * has signed in here may see more of a listing, with a token: the app asks for them. */
  function signedInHere() {
    try {
      return localStorage.getItem(FIRST_PAINT.sessionHintKey) !== null;
    } catch (error) {
      return true;
    }
  }
  const listing = /^\/listing\/([^/]+)\/?$/.exec(path);
  if (listing && !signedInHere()) {
    const url = '/api/v1/listings/' + listing[1];
    const early = fetch(url, {
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
    })
      .then(function (res) {
        return res.ok ? res.json() : null;
      })
      .catch(function () {
        return null;
      });
    window.__loadoutPrefetch = {};
    window.__loadoutPrefetch[url] = early;
    early.then(function (json) {
      const photo = json && Array.isArray(json.images) ? json.images[0] : null;
      if (!photo || typeof photo.url !== 'string') return;
      const link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'image';
      link.href = photo.url;
      link.setAttribute('fetchpriority', 'high');
      document.head.appendChild(link);
    });
  }

  let remote = null;
  for (let i = 0; i < ROUTES.length; i++) {
    if (new RegExp(ROUTES[i][0]).test(path)) {
      remote = ROUTES[i][1];
      break;
    }
  }
  const manifest = fetch('/remotes.json', {
    headers: { accept: 'application/json' },
    cache: 'no-cache',
    credentials: 'same-origin',
  }).then(function (res) {
    if (!res.ok) throw new Error('The remotes manifest answered HTTP ' + res.status + '.');
    return res.json();
  });
  window.__loadoutManifest = manifest;
  manifest.catch(function () {});
  if (!remote) return;
  manifest
    .then(function (json) {
      const info = json && json.remotes && json.remotes[remote];
      if (!info || typeof info.entry !== 'string') return;
      const files = [info.entry].concat(Array.isArray(info.preload) ? info.preload : []);
      for (let i = 0; i < files.length; i++) {
        if (typeof files[i] !== 'string') continue;
        const link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'script';
        link.href = files[i];
        document.head.appendChild(link);
      }
    })
    .catch(function () {});
})();
