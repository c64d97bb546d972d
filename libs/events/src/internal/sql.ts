import { AppError } from '@loadout/errors';

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Quotes a schema name for interpolation into SQL. Schema names cannot be bind
 * parameters, so anything but a plain lower-case identifier is refused.
 */
export function quoteSchema(schema: string): string {
  if (!IDENTIFIER.test(schema)) {
    throw new AppError(
      'EVENTS.INVALID_SCHEMA',
      `Schema name "${schema}" must be a lower-case SQL identifier.`,
      'internal',
    );
  }
  return `"${schema}"`;
}

/**
 * Rows of a query result, whichever executor ran it: TypeORM returns the row array,
 * `pg` returns `{ rows }`.
 */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  if (result && typeof result === 'object' && Array.isArray((result as { rows?: unknown }).rows)) {
    return (result as { rows: T[] }).rows;
  }
  return [];
}

/** A readable, bounded description of anything thrown (dead-letter rows and logs). */
export function describeError(err: unknown, max = 2000): string {
  let text: string;
  if (err instanceof Error) text = err.message || err.name;
  else if (
    err &&
    typeof err === 'object' &&
    typeof (err as { message?: unknown }).message === 'string'
  ) {
    text = (err as { message: string }).message;
  } else {
    try {
      text = typeof err === 'string' ? err : JSON.stringify(err);
    } catch {
      text = String(err);
    }
  }
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
