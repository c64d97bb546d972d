import { type BrowserContext, type Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { chromiumAvailable, openBrowser, type BrowserSession } from './support/browser';
import { asReturningVisitor, baseUrl } from './support/journeys';

// Issue 12: a fast, installable web app. Compressed assets, the manifest and service worker,
// the offline page, the install prompt's memory, accessibility (axe) and layout stability.

/** Records layout shifts (without recent input) from the first paint on, as CLS does. */
async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) w.__shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Largest session window of shifts (CLS): here simply the sum, which is never smaller. */
const totalShift = (page: Page): Promise<number> =>
  page.evaluate(() =>
    (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0),
  );

async function firstListingId(): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/v1/listings?limit=1`);
  const body = (await res.json()) as { items: Array<{ id: string }> };
  const id = body.items[0]?.id;
  if (!id) throw new Error('the seeded stack has no active listing');
  return id;
}

if (!chromiumAvailable()) {
  // Registers nothing: jest.config.cjs leaves the journeys out without Chromium.
  console.log('skipped: /usr/bin/chromium not installed; web app journeys not run');
} else {
  describe('fast, installable web app in Chromium against `npm start`', () => {
    let s: BrowserSession;

    beforeAll(async () => {
      s = await openBrowser();
      await asReturningVisitor(s.context);
    });

    afterAll(async () => {
      await s?.close();
    });

    afterEach(() => {
      expect(s.takeUnexpected()).toEqual([]);
    });

    it('serves JavaScript brotli-compressed when asked, with long caching for hashed files', async () => {
      const { page } = s;
      const scripts: string[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.push(res.url());
      });
      await page.goto(`${baseUrl()}/marketplace`);
      await page.getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();
      const hashed = scripts.find((u) => /\/js\/[^/]+\.[0-9a-f]{8}\.js$/.test(u));
      const entry = scripts.find((u) => u.endsWith('/remoteEntry.js'));
      expect(hashed).toBeDefined();
      expect(entry).toBeDefined();
      for (const url of [`${baseUrl()}/js/main.js`, hashed!, entry!]) {
        const res = await page.request.get(url, {
          headers: { 'accept-encoding': 'br, gzip' },
        });
        expect([url, res.status(), res.headers()['content-encoding']]).toEqual([url, 200, 'br']);
        expect(res.headers()['vary']?.toLowerCase()).toContain('accept-encoding');
        expect(res.headers()['content-type']).toMatch(/javascript/);
      }
      const immutable = await page.request.get(hashed!, { headers: { 'accept-encoding': 'br' } });
      expect(immutable.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      const fresh = await page.request.get(entry!, { headers: { 'accept-encoding': 'br' } });
      expect(fresh.headers()['cache-control']).toBe('no-cache');
      const gzip = await page.request.get(hashed!, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers()['content-encoding']).toBe('gzip');
    });

    it('preloads the start-up chunks and the route remote’s chunks, and runs every chunk it preloads', async () => {
      const { page } = s;
      /** Preloaded scripts under `prefix` whose chunk never ran (webpack's chunk registry `global`). */
      const unusedPreloads = (prefix: string, global: string) =>
        page.evaluate(
          ([prefix, global]) => {
            const chunks = (window as unknown as Record<string, [Array<number | string>][]>)[
              global
            ];
            const executed = new Set((chunks ?? []).flatMap((c) => c[0]).map(String));
            const links = Array.from(
              document.querySelectorAll('link[rel="preload"][as="script"]'),
            ) as HTMLLinkElement[];
            const files = links
              .map((l) => new URL(l.href).pathname)
              .filter((p) => p.startsWith(prefix) && p.slice(prefix.length).startsWith('js/'));
            const unused = files.filter((p) => {
              const id = /\/js\/([^./]+)\.[0-9a-f]{8}\.js$/.exec(p)?.[1];
              return !id || !executed.has(id);
            });
            return { count: files.length, unused };
          },
          [prefix, global],
        );

      await page.goto(`${baseUrl()}/`);
      await page.locator('#home-title').waitFor();
      await page.waitForLoadState('load');
      // The bootstrap import and the shared packages it needs: react-dom, the router, the query client…
      const shell = await unusedPreloads('/', 'webpackChunkloadout_shell');
      expect(shell.count).toBeGreaterThanOrEqual(4);
      expect(shell.unused).toEqual([]);

      await page.goto(`${baseUrl()}/marketplace`);
      await page.getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();
      await page.waitForLoadState('load');
      const remote = await unusedPreloads(
        '/remotes/marketplace/',
        'webpackChunkloadout_marketplace',
      );
      expect(remote.count).toBeGreaterThanOrEqual(1);
      expect(remote.unused).toEqual([]);
    });

    it('links a web manifest with maskable icons and registers its service worker', async () => {
      const { page } = s;
      await page.goto(baseUrl());
      const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(manifestUrl).toBe('/manifest.webmanifest');
      const manifest = (await (await page.request.get(`${baseUrl()}${manifestUrl}`)).json()) as {
        display: string;
        start_url: string;
        icons: Array<{ src: string; sizes: string; purpose: string }>;
      };
      expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' });
      expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
        expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
      );
      for (const icon of manifest.icons) {
        const res = await page.request.get(`${baseUrl()}${icon.src}`);
        expect([icon.src, res.status(), res.headers()['content-type']]).toEqual([
          icon.src,
          200,
          'image/png',
        ]);
      }
      const scriptUrl = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.active?.scriptURL;
      });
      expect(scriptUrl).toBe(`${baseUrl()}/sw.js`);
      // A reload keeps our worker (start-up only unregisters foreign ones).
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const registrations = await page.evaluate(async () =>
        (await navigator.serviceWorker.getRegistrations()).map((r) => r.active?.scriptURL),
      );
      expect(registrations).toEqual([`${baseUrl()}/sw.js`]);
      const caches = await page.evaluate(() => window.caches.keys());
      expect(caches.some((k) => k.startsWith('loadout-static-'))).toBe(true);
    });

    it('shows the offline page when the network is cut, and the site again once it is back', async () => {
      const { page, context } = s;
      await page.goto(baseUrl());
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      s.expectFailures(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/);
      await context.setOffline(true);
      try {
        await page.goto(`${baseUrl()}/marketplace`);
        await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
        await page.getByRole('link', { name: 'Try again' }).waitFor();
      } finally {
        await context.setOffline(false);
      }
      await page.getByRole('link', { name: 'Try again' }).click();
      await page
        .getByRole('heading', { name: "Loadout — Ireland's airsoft marketplace" })
        .waitFor();
    });

    it('remembers that the install prompt was dismissed', async () => {
      const { page } = s;
      await page.goto(baseUrl());
      await page.evaluate(() => localStorage.removeItem('pwa-install-dismissed'));
      await page.reload();
      await page
        .getByRole('heading', { name: "Loadout — Ireland's airsoft marketplace" })
        .waitFor();
      const offerInstall = () =>
        page.evaluate(() => {
          const event = new Event('beforeinstallprompt', { cancelable: true });
          Object.assign(event, {
            prompt: () => Promise.resolve(),
            userChoice: Promise.resolve({ outcome: 'dismissed' }),
          });
          window.dispatchEvent(event);
        });
      await offerInstall();
      const banner = page.getByRole('region', { name: 'Install Loadout' });
      await banner.waitFor();
      await banner.getByRole('button', { name: 'Not now' }).click();
      await banner.waitFor({ state: 'detached' });
      const stored = Number(
        await page.evaluate(() => localStorage.getItem('pwa-install-dismissed')),
      );
      expect(Date.now() - stored).toBeLessThan(60_000);

      await page.reload();
      await page
        .getByRole('heading', { name: "Loadout — Ireland's airsoft marketplace" })
        .waitFor();
      await offerInstall();
      await page.waitForTimeout(300);
      expect(await banner.count()).toBe(0);
    });

    // One journey per page: axe takes several seconds a page on a loaded machine.
    const AXE_PAGES: Array<[string, (page: Page) => Promise<unknown>]> = [
      [
        '/',
        (p) =>
          p.getByRole('heading', { name: "Loadout — Ireland's airsoft marketplace" }).waitFor(),
      ],
      ['/marketplace', (p) => p.locator('.mp-card').first().waitFor()],
      ['/listing/{id}', (p) => p.getByRole('heading', { level: 1 }).first().waitFor()],
      ['/sell', (p) => p.getByRole('main').getByRole('heading').first().waitFor()],
      ['/auth', (p) => p.getByRole('form', { name: 'Sign in' }).waitFor()],
      [
        '/fields',
        (p) =>
          p
            .getByRole('link', { name: /Example .* \(fictional\)/ })
            .first()
            .waitFor(),
      ],
      [
        '/fps-calculator',
        (p) => p.getByRole('heading', { name: 'FPS and Joules Calculator' }).waitFor(),
      ],
      [
        '/this/does/not/exist',
        (p) => p.getByText('The page you are looking for could not be found.').waitFor(),
      ],
    ];

    it.each(AXE_PAGES)(
      'has no serious or critical axe violations on %s',
      async (path, ready) => {
        const { page } = s;
        const url = path.replace('{id}', await firstListingId());
        await page.goto(`${baseUrl()}${url}`);
        await ready(page);
        // Let late data (counts, photos) settle before checking.
        await page.waitForTimeout(1_000);
        expect(await axeViolations(page)).toEqual([]);
      },
      120_000,
    );

    it('paints the page and the age gate before the app’s scripts arrive, then hands over to the app', async () => {
      const context = await s.browser.newContext({ viewport: { width: 412, height: 823 } });
      const withoutScripts = (page: Page) => page.route('**/js/**', (route) => route.abort());
      try {
        const page = await context.newPage();
        const firstPaint = page.locator('[data-first-paint]');

        // No app code at all: the boot script's static copy is on screen, inert.
        await withoutScripts(page);
        await page.goto(baseUrl());
        await firstPaint.waitFor();
        expect(await firstPaint.getAttribute('inert')).toBe('');
        expect(await firstPaint.locator('.home-hero__lead').isVisible()).toBe(true);
        expect(await firstPaint.locator('.lo-dialog__title').textContent()).toBe(
          'Welcome to Loadout',
        );

        // With the scripts, the app's own page and gate replace it.
        await page.unroute('**/js/**');
        await page.reload();
        const gate = page.getByRole('dialog', { name: 'Welcome to Loadout' });
        await gate.waitFor();
        expect(await firstPaint.count()).toBe(0);
        for (const box of await gate.getByRole('checkbox').all()) await box.check();
        await gate.getByRole('button', { name: 'I Accept All Terms & Conditions' }).click();
        await gate.waitFor({ state: 'detached' });

        // Accepted: the static copy of the home page, without the gate.
        await withoutScripts(page);
        await page.reload();
        await firstPaint.waitFor();
        expect(await firstPaint.locator('.home-hero__lead').isVisible()).toBe(true);
        expect(await firstPaint.locator('.lo-dialog-root').count()).toBe(0);
      } finally {
        await context.close();
      }
    }, 120_000);

    it('shows a listing’s main photo in the page frame before the app’s scripts arrive', async () => {
      const context = await s.browser.newContext({ viewport: { width: 412, height: 823 } });
      try {
        await asReturningVisitor(context);
        const page = await context.newPage();
        await page.route('**/js/**', (route) => route.abort());
        const id = await firstListingId();
        const listing = (await (
          await page.request.get(`${baseUrl()}/api/v1/listings/${id}`)
        ).json()) as { images: Array<{ url: string }> };
        await page.goto(`${baseUrl()}/listing/${id}`);
        const photo = page.locator('[data-first-paint] main img');
        await photo.waitFor();
        expect(await photo.getAttribute('src')).toBe(listing.images[0]!.url);
        // The frame may show the element before its bytes are in: wait for load or error.
        await photo.evaluate(
          (img) =>
            (img as HTMLImageElement).complete ||
            new Promise((settle) => {
              img.addEventListener('load', settle, { once: true });
              img.addEventListener('error', settle, { once: true });
            }),
        );
        expect(await photo.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0)).toBe(
          true,
        );
        expect(await page.locator('[data-first-paint] .lo-dialog-root').count()).toBe(0);
      } finally {
        await context.close();
      }
    }, 120_000);

    it('has no serious or critical axe violations in the age gate', async () => {
      const context = await s.browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        const page = await context.newPage();
        await page.goto(baseUrl());
        await page.getByRole('dialog', { name: 'Welcome to Loadout' }).waitFor();
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    }, 120_000);

    it.each([
      ['/marketplace', (p: Page) => p.locator('.mp-card, [data-testid="listing-card"]').first()],
      ['/fields', (p: Page) => p.getByRole('link', { name: /Example .* \(fictional\)/ }).first()],
    ])(
      'keeps layout shift on %s at most 0.1 (desktop and phone)',
      async (path, content) => {
        for (const viewport of [
          { width: 1280, height: 900 },
          { width: 412, height: 823 },
        ]) {
          const context = await s.browser.newContext({ viewport, locale: 'en-IE' });
          try {
            await asReturningVisitor(context);
            await recordLayoutShifts(context);
            const page = await context.newPage();
            await page.goto(`${baseUrl()}${path}`);
            await content(page).waitFor();
            // Photos and late data have arrived (or would have shifted the page by now).
            await page.waitForTimeout(1_500);
            const shift = await totalShift(page);
            expect([path, viewport.width, shift <= 0.1]).toEqual([path, viewport.width, true]);
          } finally {
            await context.close();
          }
        }
      },
      120_000,
    );
  });
}
