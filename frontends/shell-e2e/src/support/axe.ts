import AxeBuilder from '@axe-core/playwright';
import { type Page } from 'playwright-core';

/** axe findings of these impacts fail a journey. */
const BLOCKING = new Set(['serious', 'critical']);

/** How long a page may keep a finite animation running before axe reads it anyway. */
const SETTLE_TIMEOUT_MS = 5_000;

/**
 * Waits until no finite animation or transition is running. A toast that arrives while axe reads
 * the page (a live notification, say) is half transparent for 0.4 s, and axe measures the
 * contrast of what it sees at that instant: CI once failed a journey on a fading toast button
 * whose resting contrast is fine. Endless animations (spinners) do not hold the check back.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) =>
        // Two frames, so a toast inserted just now has started its transition.
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve(
              document
                .getAnimations()
                .every(
                  (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity,
                ),
            ),
          ),
        ),
      ),
    undefined,
    { timeout: SETTLE_TIMEOUT_MS, polling: 100 },
  );
}

/** The page's serious and critical axe findings (WCAG 2.2 AA and best practices), as lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  await settled(page);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}
