import { invalidKey } from './storage.errors';

// Segments of letters, digits, `.`, `_`, `-`, never starting with a dot: no `..`, no hidden
// files, no absolute paths, nothing a filesystem or URL would read differently.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Throws `STORAGE.INVALID_KEY` unless `key` is a plain relative path like `images/ab/400.webp`. */
export function assertObjectKey(key: string): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) throw invalidKey();
  const segments = key.split('/');
  if (!segments.every((s) => SEGMENT.test(s))) throw invalidKey();
  return key;
}

export const isObjectKey = (key: string): boolean => {
  try {
    assertObjectKey(key);
    return true;
  } catch {
    return false;
  }
};
