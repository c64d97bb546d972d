import { chromiumAvailable } from './browser';
import { startStack, type Stack } from '@loadout/testing';

/**
 * Requests per minute per address at the gateway for the journeys. Every journey file drives
 * the one stack from 127.0.0.1 with several browsers at once, so the default (600, sized for one
 * visitor) was reached when the busiest files overlapped, and pages got 429s. The per-address
 * limit itself is tested by the security suite (infra/security-suite, 120 per minute).
 */
const JOURNEYS_RATE_LIMIT_PER_MINUTE = 20_000;

/** One stack for every journey file: started as `npm start` starts it, stopped at the end. */
export default async function globalSetup(): Promise<void> {
  if (!chromiumAvailable()) return;
  const stack = await startStack({
    env: { RATE_LIMIT_PER_MINUTE: String(JOURNEYS_RATE_LIMIT_PER_MINUTE) },
  });
  (globalThis as { __loadoutStack?: Stack }).__loadoutStack = stack;
  process.env['E2E_BASE_URL'] = stack.url;
  process.env['E2E_DATABASE_URL'] = stack.databaseUrl;
}
