import { type Position } from '../domain/browse-params';

/** Numbered parameters for hand-written SQL. */
export class SqlParams {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface KeysetSpec {
  /** Optional `WITH …` prefix shared by the page and the count (e.g. a search's tsquery). */
  with?: string;
  /** FROM clause with aliases, e.g. `"listings"."listings" l`. */
  from: string;
  select: string;
  where: string[];
  params: SqlParams;
  /** Sort key expression; the id column breaks ties. */
  key: string;
  /** Cast applied to the cursor's key value, e.g. `::timestamptz`. */
  keyCast: string;
  /** How the key is returned for the cursor (timestamps as text keep their microseconds). */
  keyOut: string;
  id: string;
  direction: 'ASC' | 'DESC';
}

/**
 * One keyset page: `limit + 1` rows after `after`, so a further row means another page.
 * Rows after the position are found by a row comparison, which an index on (key, id) serves.
 */
export function keysetPageSql(spec: KeysetSpec, after: Position | null, limit: number) {
  const params = new SqlParams();
  params.values.push(...spec.params.values);
  const where = [...spec.where];
  if (after) {
    const op = spec.direction === 'ASC' ? '>' : '<';
    where.push(
      `(${spec.key}, ${spec.id}) ${op} (${params.add(after.key)}${spec.keyCast}, ${params.add(after.id)})`,
    );
  }
  const sql = `${spec.with ?? ''}SELECT ${spec.select}, ${spec.keyOut} AS "sort_key"
    FROM ${spec.from}
    ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${spec.key} ${spec.direction}, ${spec.id} ${spec.direction}
    LIMIT ${params.add(limit + 1)}`;
  return { sql, params: params.values };
}

/** How many rows match the filters, on every page. */
export function countSql(spec: KeysetSpec) {
  const sql = `${spec.with ?? ''}SELECT count(*)::int AS "total" FROM ${spec.from}
    ${spec.where.length ? `WHERE ${spec.where.join(' AND ')}` : ''}`;
  return { sql, params: spec.params.values };
}
