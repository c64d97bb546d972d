// The boot script as built (pwa/build.cjs), run in jsdom: what it paints and what it preloads.

// Jest runs this in Node; the shell's tsconfig has browser typings only.
declare const require: (id: string) => unknown;
declare const __dirname: string;

const { bootScript, firstPaint } = require('../../pwa/build.cjs') as {
  bootScript: (dir: string) => { content: string };
  firstPaint: () => { acceptanceKey: string; sessionHintKey: string };
};

const script = bootScript(`${__dirname}/../..`).content;
const { acceptanceKey, sessionHintKey } = firstPaint();

/** A fresh page at `path` (its head holding `head`), storage and answers, before the script. */
function prepare(
  path: string,
  { accepted = false, signedInHere = false, listing = null as unknown, head = '' } = {},
) {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = head;
  document.body.innerHTML = '<div id="root"></div>';
  localStorage.clear();
  if (accepted) localStorage.setItem(acceptanceKey, '{}');
  if (signedInHere) localStorage.setItem(sessionHintKey, '1');
  delete window.__loadoutPrefetch;
  delete window.__loadoutHold;
  const manifest = { remotes: { marketplace: { entry: '/remotes/marketplace/remoteEntry.js' } } };
  globalThis.fetch = jest.fn(async (url: string) => ({
    ok: url === '/remotes.json' || listing !== null,
    status: url === '/remotes.json' || listing !== null ? 200 : 404,
    json: async () => (url === '/remotes.json' ? manifest : listing),
  })) as unknown as typeof fetch;
}

const run = () => new Function(script)();

async function boot(path: string, options: Parameters<typeof prepare>[1] = {}) {
  prepare(path, options);
  run();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return document.querySelector('[data-first-paint]');
}

describe('boot script', () => {
  it('paints the frame, the home page and the age gate on / for a first visit, inert and hidden', async () => {
    const frame = await boot('/');
    expect(frame?.hasAttribute('inert')).toBe(true);
    expect(frame?.getAttribute('aria-hidden')).toBe('true');
    expect(frame?.querySelector('header')).not.toBeNull();
    expect(frame?.querySelector('main .home-hero__lead')).not.toBeNull();
    expect(frame?.querySelector('.lo-dialog__title')?.textContent).toBe('Welcome to Loadout');
  });

  it('paints the frame and the gate on another page; the frame alone once the gate was accepted', async () => {
    const frame = await boot('/marketplace');
    expect(frame?.querySelector('main')?.childNodes).toHaveLength(0);
    expect(frame?.querySelector('.lo-dialog__title')).not.toBeNull();
    const accepted = await boot('/marketplace', { accepted: true });
    expect(accepted?.querySelector('header')).not.toBeNull();
    expect(accepted?.querySelector('.lo-dialog-root')).toBeNull();
  });

  it('leaves the legal pages readable, and never paints over a rendered app', async () => {
    expect((await boot('/terms'))?.querySelector('.lo-dialog-root')).toBeNull();
    window.history.replaceState(null, '', '/');
    document.body.innerHTML = '<div id="root"><p>the app</p></div>';
    run();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector('[data-first-paint]')).toBeNull();
  });

  const preloads = () =>
    [...document.head.querySelectorAll('link[rel="preload"]')].map(
      (l) => `${(l as HTMLLinkElement).as} ${l.getAttribute('href')}`,
    );

  it('preloads the remote entry of the route being opened', async () => {
    await boot('/marketplace', { accepted: true });
    expect(preloads()).toEqual(['script /remotes/marketplace/remoteEntry.js']);
  });

  it('asks for a signed-out visitor’s listing at once and preloads its main photo', async () => {
    const listing = {
      id: 'l1',
      title: '<b>Tokyo Marui</b> M4',
      images: [{ url: '/api/v1/images/images/a/1200.webp', width: 1200, height: 900 }],
    };
    const frame = await boot('/listing/l1', { accepted: true, listing });
    await expect(window.__loadoutPrefetch?.['/api/v1/listings/l1']).resolves.toEqual(listing);
    expect(preloads()).toContain('image /api/v1/images/images/a/1200.webp');
    // The photo is in the frame where the page shows it; the title is text, never markup.
    const photo = frame?.querySelector('main img');
    expect(photo?.getAttribute('src')).toBe('/api/v1/images/images/a/1200.webp');
    expect(photo?.getAttribute('alt')).toBe('<b>Tokyo Marui</b> M4');
    expect(frame?.querySelector('b')).toBeNull();
  });

  const settled = async (promise: Promise<unknown> | undefined) => {
    let done = false;
    void promise?.then(() => (done = true));
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return done;
  };

  it('starts the app’s scripts listed in #loadout-start once the frame has painted, the route’s remote after them', async () => {
    prepare('/marketplace', {
      accepted: true,
      head:
        '<script type="application/json" id="loadout-start">' +
        '{"scripts":["/js/main.js"],"preload":["/js/873.aecc871c.js"]}</script>',
    });
    run();
    await Promise.resolve();
    expect(document.querySelector('script[src="/js/main.js"]')).toBeNull();
    expect(preloads()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(document.querySelector('[data-first-paint] header')).not.toBeNull();
    expect(document.querySelector('script[src="/js/main.js"]')).not.toBeNull();
    expect(preloads()).toEqual([
      'script /js/873.aecc871c.js',
      'script /remotes/marketplace/remoteEntry.js',
    ]);
  });

  it('adds the start-up preloads four per task, and main.js once all are in', async () => {
    const chunks = Array.from({ length: 9 }, (_, i) => `/js/${i}.0000000${i}.js`);
    prepare('/fields', {
      accepted: true,
      head:
        '<script type="application/json" id="loadout-start">' +
        JSON.stringify({ scripts: ['/js/main.js'], preload: chunks }) +
        '</script>',
    });
    jest.useFakeTimers();
    try {
      run();
      const steps: { links: number; main: boolean }[] = [];
      for (let i = 0; i < 40 && !document.querySelector('script[src="/js/main.js"]'); i++) {
        await jest.advanceTimersToNextTimerAsync();
        steps.push({
          links: preloads().length,
          main: document.querySelector('script[src="/js/main.js"]') !== null,
        });
      }
      const counts = steps.map((step) => step.links).filter((n, i, all) => n !== all[i - 1]);
      expect(counts).toEqual([0, 4, 8, 9]);
      expect(steps.filter((step) => step.main)).toEqual([{ links: 9, main: true }]);
      expect(preloads()).toEqual(chunks.map((chunk) => `script ${chunk}`));
    } finally {
      jest.useRealTimers();
    }
  });

  it('starts its requests before it builds the frame, which it does in a task of its own', async () => {
    prepare('/listing/l3');
    const fetchMock = jest.fn(() => new Promise(() => undefined));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    run();
    expect(fetchMock.mock.calls.map((call: unknown[]) => call[0])).toEqual([
      '/api/v1/listings/l3',
      '/remotes.json',
    ]);
    expect(document.querySelector('[data-first-paint]')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector('[data-first-paint] header')).not.toBeNull();
  });

  it('holds the app until the listing photo has loaded and painted', async () => {
    const listing = { title: 'M4', images: [{ url: '/p/1200.webp', width: 1200, height: 900 }] };
    const frame = await boot('/listing/l1', { accepted: true, listing });
    const photo = frame?.querySelector('main img') as HTMLImageElement;
    Object.defineProperty(photo, 'complete', { value: false });
    const hold = window.__loadoutHold;
    expect(await settled(hold)).toBe(false);
    photo.dispatchEvent(new Event('load'));
    expect(await settled(hold)).toBe(true);
  });

  it('holds the app for nothing when the listing has no photo, and for two seconds at most', async () => {
    await boot('/listing/l1', { accepted: true, listing: { title: 'M4', images: [] } });
    expect(await settled(window.__loadoutHold)).toBe(true);
    await boot('/marketplace', { accepted: true });
    expect(window.__loadoutHold).toBeUndefined();
    jest.useFakeTimers();
    try {
      prepare('/listing/l2', { accepted: true });
      globalThis.fetch = jest.fn(() => new Promise(() => undefined)) as unknown as typeof fetch;
      run();
      let done = false;
      void window.__loadoutHold?.then(() => (done = true));
      await jest.advanceTimersByTimeAsync(1999);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(done).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('leaves the listing to the app for a visitor who signed in here, or when it failed', async () => {
    await boot('/listing/l1', { accepted: true, signedInHere: true, listing: { images: [] } });
    expect(window.__loadoutPrefetch).toBeUndefined();
    await boot('/listing/l1', { accepted: true });
    await expect(window.__loadoutPrefetch?.['/api/v1/listings/l1']).resolves.toBeNull();
    expect(preloads().filter((p) => p.startsWith('image'))).toEqual([]);
  });
});
