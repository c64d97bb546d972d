import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

export type PasswordCheck = { ok: true } | { ok: false; message: string };

/** Domain "Accounts": at least 10 characters and not in the common-password list (any case). */
export function checkPassword(password: string, common: ReadonlySet<string>): PasswordCheck {
  // Count code points, so an emoji counts once.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) {
    return { ok: false, message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters.` };
  }
  if (length > MAX_PASSWORD_LENGTH) {
    return { ok: false, message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.` };
  }
  if (common.has(password.toLowerCase())) {
    return {
      ok: false,
      message: 'This password is too common and easy to guess. Choose a different one.',
    };
  }
  return { ok: true };
}

export function parsePasswordList(text: string): Set<string> {
  return new Set(
    text
      .split(/\r?\n/)
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
}

const LIST_FILE = 'common-passwords.txt';

/**
 * The list ships next to this file (the backend build copies it into dist/); a missing list stops
 * start-up rather than silently weakening the rule.
 */
export function loadCommonPasswords(dir: string = __dirname): Set<string> {
  const file = path.join(dir, LIST_FILE);
  if (!existsSync(file)) {
    throw new Error(`identity: the common-password list ${LIST_FILE} was not found in ${dir}.`);
  }
  return parsePasswordList(readFileSync(file, 'utf8'));
}
