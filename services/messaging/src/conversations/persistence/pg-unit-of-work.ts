import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool, PoolClient } from 'pg';
import { type DataSource, type EntityManager } from 'typeorm';
import {
  entityManagerOf,
  TxClosedError,
  UnitOfWork,
  type TransactionOptions,
  type Tx,
} from '@loadout/service-kit';

/** Runs one statement and answers its rows: on a raw pg client or on TypeORM's manager. */
export type RunSql = <R = Record<string, unknown>>(sql: string, params: unknown[]) => Promise<R[]>;

interface PgTxState {
  client: PoolClient;
  open: boolean;
}

const states = new WeakMap<object, PgTxState>();

/**
 * A checked-out client whose connection dies emits 'error' (the pool listens only while it is
 * idle): without a listener that would stop the process. The query in flight fails anyway.
 */
const ignoreConnectionError = () => undefined;

/**
 * The statement runner behind a `Tx`: the raw client of a `PgUnitOfWork` transaction, else the
 * kit's TypeORM manager. Repositories that serve the send (ADR 0052) take their SQL from here,
 * so the same code runs in either unit of work.
 */
export function sqlOf(tx: Tx): RunSql {
  const state = states.get(tx);
  if (!state) return sqlOfManager(entityManagerOf(tx));
  return async (sql, params) => {
    if (!state.open) throw new TxClosedError();
    return (await state.client.query(sql, params)).rows;
  };
}

export const sqlOfManager =
  (manager: EntityManager): RunSql =>
  (sql, params) =>
    manager.query(sql, params);

/**
 * A unit of work on a raw client of the service's own pg pool (the pool TypeORM's driver
 * holds, with its statement and lock timeouts), for the message send (issue 28, ADR 0052):
 * `BEGIN`, the work's statements, `COMMIT` — no TypeORM query runner, no transaction events,
 * no separate `SET TRANSACTION` statement. Its `Tx` works only with `sqlOf`; handing it to
 * `entityManagerOf` throws, so a repository method not written for it fails loudly.
 */
@Injectable()
export class PgUnitOfWork extends UnitOfWork {
  private readonly pool: Pool;

  constructor(@InjectDataSource() dataSource: DataSource) {
    super();
    const pool = (dataSource.driver as unknown as { master?: Pool }).master;
    if (!pool) throw new Error('PgUnitOfWork needs the postgres driver of a connected data source');
    this.pool = pool;
  }

  async transaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const begin =
      options.isolation && options.isolation !== 'READ COMMITTED'
        ? `BEGIN ISOLATION LEVEL ${options.isolation}`
        : 'BEGIN';
    const client = await this.checkout();
    // A connection whose BEGIN, COMMIT or ROLLBACK failed is in doubt: the pool drops it.
    let broken: Error | undefined;
    const controlling = async (sql: string) => {
      try {
        await client.query(sql);
      } catch (err) {
        broken = err instanceof Error ? err : new Error(String(err));
        throw err;
      }
    };
    try {
      await controlling(begin);
      let result: T;
      try {
        result = await this.run(client, work);
      } catch (err) {
        // The work's own error is what the caller sees, whatever the ROLLBACK does.
        await controlling('ROLLBACK').catch(() => undefined);
        throw err;
      }
      await controlling('COMMIT');
      return result;
    } finally {
      this.release(client, broken);
    }
  }

  async read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.checkout();
    try {
      return await this.run(client, work);
    } finally {
      // pg's pool drops a client whose connection died by itself.
      this.release(client);
    }
  }

  private async checkout(): Promise<PoolClient> {
    const client = await this.pool.connect();
    client.on('error', ignoreConnectionError);
    return client;
  }

  private release(client: PoolClient, broken?: Error): void {
    client.off('error', ignoreConnectionError);
    client.release(broken);
  }

  private async run<T>(client: PoolClient, work: (tx: Tx) => Promise<T>): Promise<T> {
    const tx = Object.freeze({}) as Tx;
    const state: PgTxState = { client, open: true };
    states.set(tx, state);
    try {
      return await work(tx);
    } finally {
      // A timer or promise started inside must not use the tx later.
      state.open = false;
    }
  }
}
