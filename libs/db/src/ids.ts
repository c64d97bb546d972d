import { randomFillSync } from 'node:crypto';

const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** Public identifiers are 21 URL-safe characters (seed §5), about 126 bits of randomness. */
export function newId(): string {
  const bytes = randomFillSync(new Uint8Array(21));
  let id = '';
  for (const b of bytes) id += ALPHABET[b & 63];
  return id;
}

export const ID_PATTERN = /^[A-Za-z0-9_-]{21}$/;
export const isId = (value: string): boolean => ID_PATTERN.test(value);
