import { getMetadataArgsStorage, type ValueTransformer } from 'typeorm';

/** One column of an entity as its decorator declares it. */
export interface EntityColumn {
  /** The entity's property (the row's key in TypeORM's answers and in ours). */
  property: string;
  /** The table's column (the decorator's `name`, else the property: TypeORM's default). */
  column: string;
  /** The declared type when it is a name (`jsonb`, `integer`, …). */
  type: string | undefined;
  /** How a stored value becomes the property's (numeric's string → number, …). */
  transformer: ValueTransformer | undefined;
}

/**
 * An entity's columns read from its decorators, for repositories that write their SQL by hand
 * (issue 28, ADR 0055): the entity stays the one description of the table (migrations are
 * generated from it), and a hand-written statement built from this list cannot miss a column.
 * Read at module load; no data source needed.
 */
export function entityColumns(entity: abstract new (...args: never[]) => unknown): EntityColumn[] {
  const columns = getMetadataArgsStorage()
    // A column Postgres generates (never selected, inserted or updated) is not the entity's.
    .columns.filter((c) => c.target === entity && c.options.select !== false)
    .map((c) => {
      const { transformer } = c.options;
      if (Array.isArray(transformer))
        throw new Error(
          `${entity.name}.${c.propertyName}: a chain of transformers is not read here`,
        );
      return {
        property: c.propertyName,
        column: c.options.name ?? c.propertyName,
        type: typeof c.options.type === 'string' ? c.options.type : undefined,
        transformer,
      };
    });
  if (columns.length === 0) throw new Error(`${entity.name} declares no columns`);
  return columns;
}

/** `a."column" AS "property", …`: a SELECT list whose rows have the entity's property names. */
export function selectListOf(columns: readonly EntityColumn[], alias: string): string {
  return columns.map((c) => `${alias}."${c.column}" AS "${c.property}"`).join(', ');
}

/**
 * Reads a row of `selectListOf(columns)` as TypeORM would (each column's transformer applied);
 * for an entity without transformers, the row as it is.
 */
export function rowReaderOf<T>(
  columns: readonly EntityColumn[],
): (row: Record<string, unknown>) => T {
  const transformed = columns.filter((c) => c.transformer);
  if (transformed.length === 0) return (row) => row as T;
  return (row) => {
    for (const c of transformed) row[c.property] = c.transformer!.from(row[c.property]);
    return row as T;
  };
}
