/* Runs before the shell's own code (issue 12): paints the page statically, starts
 * GET /remotes.json at once and preloads the remote entry of the route being opened and its
 * routes' chunks (the manifest's `preload`, from the remote's build), so none of them waits for
 * the shell to boot. The route table comes from src/remotes/remote-routes.ts at build time. */
(function () {
  'use strict';
  const ROUTES = __ROUTES__;
  const FIRST_PAINT = __FIRST_PAINT__;
  const path = location.pathname;

  /* Static first paint (src/first-paint/): put in #root until React renders there (React
   * empties #root on its first render). Inert and hidden from assistive technology: a picture
   * of the page, nothing in it can be focused or pressed until the app itself is there. */
  /* Whether local storage holds `key`; unreadable storage counts as yes (nothing painted or
   * fetched on a guess). */
  function stored(key) {
    try {
      return localStorage.getItem(key) !== null;
    } catch (error) {
      return true;
    }
  }
  /* The strings in a list read from JSON; none when it is not a list. */
  function strings(list) {
    return Array.isArray(list)
      ? list.filter(function (item) {
          return typeof item === 'string';
        })
      : [];
  }
  function preload(href, as, priority) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = as;
    link.href = href;
    if (priority) link.setAttribute('fetchpriority', priority);
    document.head.appendChild(link);
  }
  /* The page frame (header, main, footer) on every page, with the home page in it on `/`, and
   * the age gate over it for a visitor who has never accepted it. Returns the frame's main. */
  function paintFirst() {
    const root = document.getElementById('root');
    if (!root || root.childNodes.length > 0) return null;
    const frame = document.createElement('div');
    frame.setAttribute('data-first-paint', '');
    frame.setAttribute('inert', '');
    frame.setAttribute('aria-hidden', 'true');
    frame.innerHTML = FIRST_PAINT.frame;
    const main = frame.querySelector('main');
    if (path === '/' && main) main.innerHTML = FIRST_PAINT.home;
    if (FIRST_PAINT.gateExemptPaths.indexOf(path) < 0 && !stored(FIRST_PAINT.acceptanceKey)) {
      frame.insertAdjacentHTML('beforeend', FIRST_PAINT.gate);
    }
    root.appendChild(frame);
    return main;
  }
  let paintedMain = null;
  /* In a task of its own, after the requests below have started: building the frame is most of
   * this script's work, and a request started in the same task would wait for all of it. */
  const framePainted = new Promise(function (resolve) {
    function paint() {
      try {
        paintedMain = paintFirst();
      } finally {
        // The app starts after this (appStarted below), painted or not.
        resolve();
      }
    }
    if (document.getElementById('root')) setTimeout(paint, 0);
    else document.addEventListener('DOMContentLoaded', paint);
  });

  /* Runs `fn` just after the next frame has been painted. */
  function afterNextFrame(fn) {
    requestAnimationFrame(function () {
      setTimeout(fn, 0);
    });
  }

  /* Runs `fn` once the browser reports the page's first contentful paint (the static frame is
   * on screen, not only drawn), or after 1 s at most (a hidden tab paints nothing). */
  function afterFirstPaint(fn) {
    let done = false;
    const run = function () {
      if (done) return;
      done = true;
      fn();
    };
    try {
      const observer = new PerformanceObserver(function (list) {
        if (list.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        run();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch (error) {
      afterNextFrame(run);
    }
    setTimeout(run, 1000);
  }

  /* Preloads the scripts four per task, then calls `done`: every preload link starts a
   * request, a few ms apiece at 4× CPU slowdown, and a dozen in one task make it long
   * (issue 12: TBT). */
  function preloadScripts(hrefs, priority, done) {
    let next = 0;
    const batch = function () {
      const end = Math.min(next + 4, hrefs.length);
      for (; next < end; next++) preload(hrefs[next], 'script', priority);
      if (next < hrefs.length) setTimeout(batch, 0);
      else if (done) done();
    };
    batch();
  }

  /* The app's own scripts. A production page names them in #loadout-start instead of loading
   * them (BootPreloadPlugin): they start once the static paint is on screen, so the page's
   * first picture never shares the network with ~200 KiB of script. Without the list (a
   * development build) the page loads them itself. */
  const appStarted = framePainted.then(function () {
    const block = document.getElementById('loadout-start');
    if (!block) return;
    let start;
    try {
      start = JSON.parse(block.textContent || '');
    } catch (error) {
      return;
    }
    if (!start) return;
    return new Promise(function (resolve) {
      afterFirstPaint(function () {
        preloadScripts(strings(start.preload), 'low', function () {
          const scripts = strings(start.scripts);
          for (let i = 0; i < scripts.length; i++) {
            const script = document.createElement('script');
            script.src = scripts[i];
            document.head.appendChild(script);
          }
          resolve();
        });
      });
    });
  });

  /* A listing's main photo in the frame while the app loads, laid out as the listing page lays
   * it out (the marketplace's .mp-page, .mp-breadcrumb, .mp-listing__grid and .mp-gallery__main,
   * whose CSS is not loaded yet): same place, same size, so the app's copy replaces it without
   * a jump. The title goes in as text, never as markup. */
  function paintListingPhoto(photo, title) {
    if (!paintedMain || !paintedMain.isConnected || paintedMain.childNodes.length > 0) return null;
    const el = function (tag, css) {
      const node = document.createElement(tag);
      if (css) node.style.cssText = css;
      return node;
    };
    const page = el('div', 'padding-top:var(--lo-space-6)');
    page.className = 'lo-container';
    const breadcrumb = el('nav', 'margin-bottom:var(--lo-space-4)');
    const back = el('a');
    back.href = '/marketplace';
    back.textContent = '\u2190 Back to the marketplace';
    breadcrumb.appendChild(back);
    const wide = window.matchMedia && window.matchMedia('(min-width: 900px)').matches;
    const grid = el(
      'div',
      'display:grid;gap:var(--lo-space-5)' +
        (wide ? ';grid-template-columns:minmax(0,3fr) minmax(0,2fr);align-items:start' : ''),
    );
    const figure = el(
      'figure',
      'margin:0;overflow:hidden;aspect-ratio:4/3;border-radius:var(--lo-radius-lg);background:var(--lo-color-surface-sunken)',
    );
    const img = el('img', 'display:block;width:100%;height:100%;object-fit:contain');
    img.src = photo.url;
    img.alt = typeof title === 'string' ? title : '';
    if (typeof photo.width === 'number') img.width = photo.width;
    if (typeof photo.height === 'number') img.height = photo.height;
    figure.appendChild(img);
    grid.appendChild(figure);
    page.appendChild(breadcrumb);
    page.appendChild(grid);
    paintedMain.appendChild(page);
    return img;
  }

  /* Resolves once `img` has loaded (or failed) and the next frame has been painted. */
  function painted(img) {
    return new Promise(function (resolve) {
      if (!img) return resolve();
      const done = function () {
        afterNextFrame(resolve);
      };
      if (img.complete) done();
      else {
        img.addEventListener('load', done);
        img.addEventListener('error', done);
      }
    });
  }

  /* A signed-out visitor opening a listing: its data and main photo start downloading now,
   * not once the app and the marketplace remote have loaded (the photo is the page's largest
   * paint). The listing page takes this response (takePrefetched in @loadout/web). A visitor who
   * has signed in here may see more of a listing, with a token: the app asks for them. */
  const listing = /^\/listing\/([^/]+)\/?$/.exec(path);
  if (listing && !stored(FIRST_PAINT.sessionHintKey)) {
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
    /* The app starts (src/main.ts) once the photo has painted, or after HOLD_MS at most (a
     * stalled request never holds it longer). Its scripts keep downloading meanwhile; running
     * them first would put their work ahead of the photo's paint. */
    const HOLD_MS = 2000;
    const photoPainted = early.then(function (json) {
      const photo = json && Array.isArray(json.images) ? json.images[0] : null;
      if (!photo || typeof photo.url !== 'string') return;
      preload(photo.url, 'image', 'high');
      return framePainted.then(function () {
        return painted(paintListingPhoto(photo, json.title));
      });
    });
    window.__loadoutHold = Promise.race([
      photoPainted,
      new Promise(function (resolve) {
        setTimeout(resolve, HOLD_MS);
      }),
    ]);
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
  Promise.all([manifest, appStarted])
    .then(function (answers) {
      const json = answers[0];
      const info = json && json.remotes && json.remotes[remote];
      if (!info || typeof info.entry !== 'string') return;
      preloadScripts([info.entry].concat(strings(info.preload)));
    })
    .catch(function () {});
})();
