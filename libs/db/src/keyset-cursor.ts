import { validationError } from '@loadout/errors';

/**
 * Opaque keyset cursor: the sort key values of the last row of a page, base64url JSON.
 * Clients pass it back untouched; a tampered cursor is a 400, never a 500.
 */
export type CursorValues = ReadonlyArray<string | number | null>;

export function encodeCursor(values: CursorValues): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, arity: number): CursorValues {
  const invalid = () =>
    validationError(
      'COMMON.INVALID_CURSOR',
      'The page cursor is invalid. Start again from the first page.',
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== arity) throw invalid();
  for (const v of parsed) {
    if (v !== null && typeof v !== 'string' && typeof v !== 'number') throw invalid();
  }
  return parsed as CursorValues;
}
