import { type Stack } from './stack';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __loadoutStack?: Stack }).__loadoutStack?.stop();
}
