import { type Stack } from '@loadout/testing';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __loadoutStack?: Stack }).__loadoutStack?.stop();
}
