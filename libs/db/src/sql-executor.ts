/**
 * The least a transaction handle must offer to run SQL. A TypeORM `EntityManager`,
 * a `QueryRunner` and a `pg` client all satisfy it, so libraries (the outbox, say)
 * can write inside the caller's transaction without knowing which one it is.
 */
export interface SqlExecutor {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}
