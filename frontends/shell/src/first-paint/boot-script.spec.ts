// The boot script as built (pwa/build.cjs), run in jsdom: what it paints and what it preloads.

// Jest runs this in Node; the shell's tsconfig has browser typings only.
declare const require: (id: string) => unknown;
declare const __dirname: string;

const { bootScript, firstPaint } = require('../../pwa/build.cjs') as {
  bootScript: (dir: string) => { content: string };
  firstPaint: () => { acceptanceKey: string };
};

const script = bootScript(`${__dirname}/../..`).content;
const { acceptanceKey } = firstPaint();

async function boot(path: string, { accepted = false } = {}) {
  window.history.replaceState(null, '', path);
  document.head.innerHTML = '';
  document.body.innerHTML = '<div id="root"></div>';
  localStorage.clear();
  if (accepted) localStorage.setItem(acceptanceKey, '{}');
  const manifest = { remotes: { marketplace: { entry: '/remotes/marketplace/remoteEntry.js' } } };
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    json: async () => manifest,
  })) as unknown as typeof fetch;
  new Function(script)();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return document.querySelector('[data-first-paint]');
}

describe('boot script', () => {
  it('paints the home page and the age gate on / for a first visit, inert and hidden', async () => {
    const frame = await boot('/');
    expect(frame?.hasAttribute('inert')).toBe(true);
    expect(frame?.getAttribute('aria-hidden')).toBe('true');
    expect(frame?.querySelector('.home-hero__lead')).not.toBeNull();
    expect(frame?.querySelector('.lo-dialog__title')?.textContent).toBe('Welcome to Loadout');
  });

  it('paints only the gate on another page, and nothing once the gate was accepted', async () => {
    const frame = await boot('/marketplace');
    expect(frame?.querySelector('.home-hero__lead')).toBeNull();
    expect(frame?.querySelector('.lo-dialog__title')).not.toBeNull();
    expect(await boot('/marketplace', { accepted: true })).toBeNull();
  });

  it('leaves the legal pages readable, and never paints over a rendered app', async () => {
    expect(await boot('/terms')).toBeNull();
    window.history.replaceState(null, '', '/');
    document.body.innerHTML = '<div id="root"><p>the app</p></div>';
    new Function(script)();
    expect(document.querySelector('[data-first-paint]')).toBeNull();
  });

  it('preloads the remote entry of the route being opened', async () => {
    await boot('/marketplace', { accepted: true });
    const preloads = [...document.head.querySelectorAll('link[rel="preload"]')].map((l) =>
      l.getAttribute('href'),
    );
    expect(preloads).toEqual(['/remotes/marketplace/remoteEntry.js']);
  });
});
