import { type SqlExecutor } from '@loadout/db';
import { type Pool, type PoolClient } from 'pg';
import { type DataSource, type EntityManager } from 'typeorm';
import { inTransaction } from '../internal/pg';

/**
 * Opens a transaction on the consuming service's database. The inbox row and the
 * handler's effect are written through the same `tx`, so they commit or roll back together.
 */
export interface TransactionRunner<TX extends SqlExecutor = SqlExecutor> {
  transaction<R>(work: (tx: TX) => Promise<R>): Promise<R>;
}

/** Transactions on a TypeORM DataSource; handlers get the transaction's EntityManager. */
export function typeormTransactionRunner(dataSource: DataSource): TransactionRunner<EntityManager> {
  return { transaction: (work) => dataSource.transaction((manager) => work(manager)) };
}

/** Transactions on a pg Pool; handlers get the checked-out client. */
export function pgTransactionRunner(pool: Pool): TransactionRunner<PoolClient> {
  return { transaction: (work) => inTransaction(pool, work) };
}
