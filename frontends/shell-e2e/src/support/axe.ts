import AxeBuilder from '@axe-core/playwright';
import { type Page } from 'playwright-core';

/** axe findings of these impacts fail a journey. */
const BLOCKING = new Set(['serious', 'critical']);

/** The page's serious and critical axe findings (WCAG 2.2 AA and best practices), as lines. */
export async function axeViolations(page: Page): Promise<string[]> {
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
