import { validationError } from '@loadout/errors';
import { isId } from './ids';

/**
 * Opaque keyset cursor: the sort key values of the last row of a page, base64url JSON.
 * Clients pass it back untouched; a tampered cursor is a 400, never a 500: every value is
 * checked here (and by the typed readers below) before it can reach SQL.
 */
export type CursorValues = ReadonlyArray<string | number | null>;

export const invalidCursor = () =>
  validationError(
    'COMMON.INVALID_CURSOR',
    'The page cursor is invalid. Start again from the first page.',
  );

/** Longest string a cursor may carry (sort keys are names, timestamps, ids). */
const MAX_CURSOR_STRING = 512;
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

export function encodeCursor(values: CursorValues): string {
  return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string, arity: number): CursorValues {
  if (cursor.length > 4 * MAX_CURSOR_STRING) throw invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== arity) throw invalidCursor();
  for (const v of parsed) {
    if (v === null) continue;
    if (typeof v === 'number' && Number.isFinite(v)) continue;
    if (typeof v === 'string' && v.length <= MAX_CURSOR_STRING && !CONTROL.test(v)) continue;
    throw invalidCursor();
  }
  return parsed as CursorValues;
}

// Postgres' text form of a timestamptz (or ISO 8601), which round-trips to the microsecond.
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

/** A real instant between years 1 and 9999 (month 13, day 31 of February, year 0 refused). */
export function cursorTimestamp(value: unknown): string {
  const m = typeof value === 'string' ? TIMESTAMP.exec(value) : null;
  if (!m) throw invalidCursor();
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offset = /^[+-](\d{2}):?(\d{2})?$/.exec(m[8]!);
  if (offset && (Number(offset[1]) > 15 || Number(offset[2] ?? 0) > 59)) throw invalidCursor();
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year);
  if (
    year < 1 ||
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day ||
    date.getUTCHours() !== hour ||
    date.getUTCMinutes() !== minute ||
    date.getUTCSeconds() !== second
  )
    throw invalidCursor();
  return value as string;
}

const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;

/** An integer that fits a Postgres int4 column. */
export function cursorInt4(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < INT4_MIN || value > INT4_MAX)
    throw invalidCursor();
  return value;
}

/** A finite double (relevance scores). */
export function cursorNumber(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalidCursor();
  return value;
}

/** A row id of the 21-character id alphabet (libs/db ids). */
export function cursorId(value: unknown): string {
  if (typeof value !== 'string' || !isId(value)) throw invalidCursor();
  return value;
}
