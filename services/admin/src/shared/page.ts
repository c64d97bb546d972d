import { cursorId, cursorTimestamp, decodeCursor, encodeCursor } from '@loadout/db';

/** Keyset position of the admin lists: the (timestamp, id) of the last row shown. */
export type Position = readonly [at: string, id: string];

export const toPosition = (cursor: string | undefined): Position | null => {
  if (!cursor) return null;
  const [at, id] = decodeCursor(cursor, 2);
  return [cursorTimestamp(at), cursorId(id)];
};

/** `limit + 1` rows in: the page and the cursor of the next one. */
export function pageOf<R, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
  key: (row: R) => Position,
): { items: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(map),
    nextCursor: rows.length > limit && last ? encodeCursor([...key(last)]) : null,
  };
}

/** Postgres' text form of a timestamptz round-trips to the microsecond (a Date would not). */
export const AT_TEXT = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
