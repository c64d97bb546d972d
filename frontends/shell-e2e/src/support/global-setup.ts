import { chromiumAvailable } from './browser';
import { startStack, type Stack } from '@loadout/testing';

/** One stack for every journey file: started as `npm start` starts it, stopped at the end. */
export default async function globalSetup(): Promise<void> {
  if (!chromiumAvailable()) return;
  const stack = await startStack();
  (globalThis as { __loadoutStack?: Stack }).__loadoutStack = stack;
  process.env['E2E_BASE_URL'] = stack.url;
  process.env['E2E_DATABASE_URL'] = stack.databaseUrl;
}
