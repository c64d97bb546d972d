/**
 * The parameters of one statement built from parts (a data-modifying CTE per part, ADR 0055):
 * each value added gets the next `$n`, so parts written apart never collide.
 */
export class StatementParams {
  constructor(readonly values: unknown[] = []) {}

  /** `$n` (with `cast`, e.g. `::int`) for `value`. */
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }

  /** The number the next value will get (for writers that number their own). */
  get next(): number {
    return this.values.length + 1;
  }
}
