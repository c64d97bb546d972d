import { createSession } from '@loadout/web';
import { act } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { ACCEPTANCE_STORAGE_KEY } from '../age-gate/acceptance';
import { AgeGate } from '../age-gate/AgeGate';
import { HomePage } from '../home/HomePage';
import { Layout } from '../layout/Layout';
import { AGE_GATE_EXEMPT_PATHS } from '../legal/legal-content';
import { SESSION_HINT_KEY } from '../session/keycloak-auth-client';
import { renderWithProviders } from '../test-utils';

/**
 * The static first paint (issue 12): pwa/boot.js puts this markup in #root while the app's
 * scripts download, so a visitor on a slow phone sees the page (and the age gate) at once.
 * It is the components' own output, copied here: this spec fails when a component changes and
 * the copy does not. `UPDATE_FIRST_PAINT=1 npx jest -c frontends/shell/jest.config.cjs
 * first-paint` rewrites pwa/first-paint.json.
 */
// Jest runs this in Node; the shell's tsconfig has browser typings only.
declare const require: (id: string) => unknown;
declare const __dirname: string;
declare const process: { env: Record<string, string | undefined> };
const { readFileSync, writeFileSync } = require('node:fs') as {
  readFileSync: (file: string, encoding: 'utf8') => string;
  writeFileSync: (file: string, data: string) => void;
};

const FILE = `${__dirname}/../../pwa/first-paint.json`;

interface FirstPaint {
  /** The age gate as a first-time visitor sees it (boot.js shows it when no acceptance is stored). */
  gate: string;
  /** The page frame (header, an empty main, footer) as first rendered (session loading). */
  frame: string;
  /** What the home page puts in the frame's main on `/` (data still loading). */
  home: string;
  /** Paths the age gate leaves readable (the legal pages). */
  gateExemptPaths: string[];
  /** Where the age gate keeps its acceptance (none stored: boot.js paints the gate). */
  acceptanceKey: string;
  /** Set once this browser has signed in here (boot.js prefetches only for signed-out visitors). */
  sessionHintKey: string;
}

/** Static markup: no ids (React's own copy replaces this one), no references to them. */
function staticMarkup(html: string): string {
  return html
    .replace(/ (id|for|aria-labelledby|aria-describedby|aria-controls)="[^"]*"/g, '')
    .replace(/ tabindex="-1"/g, '');
}

function rendered(): FirstPaint {
  const pending = jest.fn(() => new Promise<Response>(() => undefined));
  globalThis.fetch = pending as unknown as typeof fetch;
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  const emptyStorage = {
    getItem: () => null,
    setItem: () => undefined,
    removeItem: () => undefined,
  };

  const gateView = renderWithProviders(<AgeGate storage={emptyStorage} />);
  const gate = document.querySelector('.lo-dialog-root')?.outerHTML;
  gateView.unmount();

  const session = createSession('loading');
  // At a path no navigation link matches: the frame is painted on every page, none highlighted.
  const frameView = renderWithProviders(<Layout>{null}</Layout>, {
    session,
    path: '/first-paint',
  });
  const frame = frameView.container.querySelector('.shell')?.outerHTML;
  frameView.unmount();

  const homeView = renderWithProviders(<HomePage />, { session });
  const home = homeView.container.querySelector('.home')?.outerHTML;
  homeView.unmount();

  if (!gate || !frame || !home) throw new Error('first paint: a component did not render');
  return {
    gate: staticMarkup(gate),
    frame: staticMarkup(frame),
    home: staticMarkup(home),
    gateExemptPaths: [...AGE_GATE_EXEMPT_PATHS].sort(),
    acceptanceKey: ACCEPTANCE_STORAGE_KEY,
    sessionHintKey: SESSION_HINT_KEY,
  };
}

describe('static first paint', () => {
  it('is what the age gate and the home page render now', () => {
    const now = rendered();
    if (process.env.UPDATE_FIRST_PAINT === '1') {
      writeFileSync(FILE, `${JSON.stringify(now, null, 2)}\n`);
    }
    const committed = JSON.parse(readFileSync(FILE, 'utf8')) as FirstPaint;
    const stale = (Object.keys(now) as (keyof FirstPaint)[]).filter(
      (key) => JSON.stringify(committed[key]) !== JSON.stringify(now[key]),
    );
    // A component of the first paint changed: the static copy must follow it.
    expect({
      stale,
      fix: 'UPDATE_FIRST_PAINT=1 npx jest -c frontends/shell/jest.config.cjs first-paint',
    }).toEqual({ stale: [], fix: expect.any(String) });
    expect(now.gate).toContain('Welcome to Loadout');
    expect(now.gate).toContain('I confirm that I am 18 years of age or older');
    expect(now.home).toContain('home-hero__lead');
    expect(now.frame).toMatch(/<main[^>]*><\/main>/);
    expect(now.frame).not.toContain('aria-current');
    expect(now.frame + now.home + now.gate).not.toMatch(/ id="/);
  });

  it('is replaced, not kept, when React renders into #root', () => {
    const root = document.createElement('div');
    root.innerHTML = `<div data-first-paint="">static copy</div>`;
    document.body.append(root);
    const reactRoot = createRoot(root);
    act(() => reactRoot.render(<p>the app</p>));
    expect(root.querySelector('[data-first-paint]')).toBeNull();
    expect(root.textContent).toBe('the app');
    act(() => reactRoot.unmount());
    root.remove();
  });
});
