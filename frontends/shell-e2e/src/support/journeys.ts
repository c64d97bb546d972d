import { type BrowserContext } from 'playwright-core';

export const baseUrl = (): string => {
  const url = process.env['E2E_BASE_URL'];
  if (!url)
    throw new Error('E2E_BASE_URL not set: the journeys run under the shell-e2e jest config');
  return url;
};

/** A returning visitor who accepted the age gate yesterday (the gate itself has its own journey). */
export async function asReturningVisitor(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    // Only the top page: keycloak-js's sandboxed check-sso iframe may not touch storage.
    if (window.top !== window) return;
    if (!localStorage.getItem('loadout_acceptance')) {
      localStorage.setItem(
        'loadout_acceptance',
        JSON.stringify({
          timestamp: Date.now() - 86_400_000,
          version: '1.0',
          age: true,
          terms: true,
          privacy: true,
          liability: true,
        }),
      );
    }
  });
}
