import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const chromiumAvailable = (): boolean => existsSync(CHROMIUM);

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors, uncaught page errors and failed (4xx/5xx) responses seen so far. */
  errors: string[];
  /** Declares failed responses the current journey provokes on purpose (e.g. a refused sign-in). */
  expectFailures(pattern: RegExp): void;
  /** The unexpected errors since the last call, then starts afresh (for afterEach). */
  takeUnexpected(): string[];
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with the flags this closed network needs (playwright gives it a fresh profile). */
export async function openBrowser(
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<BrowserSession> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const errors: string[] = [];
  let expected: RegExp[] = [];
  // Every context of this browser is watched, the second parties' (openSecondParty) too: a
  // failure on the seller's or the admin's page is as unexpected as one on the first page.
  let contexts = 0;
  const watch = (context: BrowserContext) => {
    contexts += 1;
    const where = contexts === 1 ? '' : ` (context ${contexts})`;
    context.on('console', (msg) => {
      // Chromium logs every failed response as a console error; the response itself is recorded below.
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
        errors.push(`console: ${msg.text()}${where}`);
    });
    context.on('weberror', (err) => errors.push(`pageerror: ${err.error().message}${where}`));
    context.on('response', (res) => {
      if (res.status() >= 400)
        errors.push(
          `http ${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}${where}`,
        );
    });
    return context;
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => watch(await newContext(options));
  const context = await browser.newContext({ viewport, locale: 'en-IE' });
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    errors,
    expectFailures(pattern) {
      expected.push(pattern);
    },
    takeUnexpected() {
      const unexpected = errors.filter((e) => !expected.some((p) => p.test(e)));
      errors.length = 0;
      expected = [];
      return unexpected;
    },
    async close() {
      await browser.close();
    },
  };
}

/**
 * Runs `steps`; a failure is rethrown with where the page stopped and what it said, for whoever
 * reads a failure in CI (a journey that stalls on someone else's page says nothing otherwise).
 */
export async function reportingWhereItStopped<T>(page: Page, steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (err) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 5_000 })
      .catch(() => '(no text)');
    throw new Error(
      `${err instanceof Error ? err.message : String(err)}\n  at ${page.url()}\n  page: ${text.replace(/\s+/g, ' ').slice(0, 600)}`,
    );
  }
}
