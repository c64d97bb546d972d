import { AsyncLocalStorage } from 'node:async_hooks';
import { type Provider } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { DataSource, type EntityManager } from 'typeorm';
import { type Tx } from './tx';

export type { Tx } from './tx';

export type IsolationLevel = 'READ COMMITTED' | 'REPEATABLE READ' | 'SERIALIZABLE';

export interface TransactionOptions {
  /** Default READ COMMITTED; REPEATABLE READ for reads that must see one snapshot. */
  isolation?: IsolationLevel;
}

/**
 * The only way a handler reaches the database. `transaction(work)` runs `work` in one
 * transaction on one pooled connection (commit when it resolves, rollback when it throws);
 * `read(work)` runs `work` without a transaction: each statement commits on its own, so it
 * serves reads that need no snapshot and a lone statement that needs no other (e.g. an
 * idempotent insert), without the `BEGIN` and `COMMIT` round trips. Both hand `work` an opaque
 * `Tx` that handlers pass on to repositories.
 *
 * Inside a transaction the `Tx` is the only way to the database: opening another unit of work,
 * or any query that would take a second pooled connection from the same data source, throws
 * `SecondConnectionError` at once. (A second connection taken while the first holds row locks
 * ran small pools dry and stalled whole services: issue 23, scenario 13.)
 */
export abstract class UnitOfWork {
  abstract transaction<T>(work: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  abstract read<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
}

export class SecondConnectionError extends Error {
  constructor() {
    super(
      'A query asked for a second pooled connection inside a unit of work: pass the tx you were given',
    );
    this.name = 'SecondConnectionError';
  }
}

export class TxClosedError extends Error {
  constructor() {
    super('This tx belongs to a unit of work that has already ended');
    this.name = 'TxClosedError';
  }
}

/** The pg pool TypeORM's postgres driver holds for a data source (none before it connects). */
export const poolOf = (dataSource: { driver?: unknown }): Pool | undefined =>
  (dataSource.driver as { master?: Pool } | undefined)?.master;

/** Runs one statement and answers its rows, whatever the command (no `[rows, count]`). */
export type RunSql = <R = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<R[]>;

interface TxState {
  /** TypeORM's handle (the TypeORM unit of work and event consumers' transactions)… */
  manager?: EntityManager;
  /** …or the raw client of a `PgUnitOfWork`. */
  client?: PoolClient;
  transactional: boolean;
  open: boolean;
  /** `sqlOf` of this tx, made on first use (repositories ask for it on every statement). */
  sql?: RunSql;
}

const states = new WeakMap<object, TxState>();
const current = new AsyncLocalStorage<TxState>();
const GUARDED = Symbol('loadout.unitOfWorkGuard');

/**
 * For persistence code only: the TypeORM handle behind a `Tx`. A `PgUnitOfWork`'s tx has none
 * (it throws): code that runs in either unit of work takes its statements from `sqlOf`.
 */
export function entityManagerOf(tx: Tx): EntityManager {
  const state = states.get(tx);
  if (!state?.manager) throw new TypeError('not a Tx of a TypeORM unit of work: use sqlOf(tx)');
  if (!state.open) throw new TxClosedError();
  return state.manager;
}

/**
 * For persistence code only: the statement runner behind a `Tx` of either unit of work (the
 * raw client of a `PgUnitOfWork`, else TypeORM's handle). It answers the rows of every
 * command alike; a statement that must know how many rows it changed says `RETURNING`.
 */
export function sqlOf(tx: Tx): RunSql {
  const state = states.get(tx);
  if (!state) throw new TypeError('not a Tx of a unit of work');
  return (state.sql ??= runnerOf(state));
}

function runnerOf(state: TxState): RunSql {
  const { client, manager } = state;
  const run: RunSql = client
    ? async (sql, params) => (await client.query(sql, params)).rows
    : sqlOfManager(manager!);
  return (sql, params) => (state.open ? run(sql, params) : Promise.reject(new TxClosedError()));
}

/** `sqlOf` as the `{ query }` executor the outbox writer and retried tasks take. */
export const sqlExecutorOf = (tx: Tx): { query: RunSql } => ({ query: sqlOf(tx) });

/**
 * Reads that need no unit of work (a page's statements, one at a time or at once) straight on
 * the data source's own pg pool: TypeORM's `query()` creates and releases a query runner around
 * every statement, which costs more CPU than a simple read itself (issue 28). Inside a
 * transaction it refuses (`SecondConnectionError`), as the units of work do. Anything without a
 * pg pool (a test double, the benchmark's bare handler) is asked through its own `query`.
 */
export function poolSqlOf(dataSource: Pick<DataSource, 'query'> & { driver?: unknown }): RunSql {
  const pool = poolOf(dataSource);
  if (!pool || typeof pool.query !== 'function')
    return async <R>(sql: string, params?: unknown[]) =>
      (await dataSource.query(sql, params)) as R[];
  return async <R>(sql: string, params?: unknown[]) => {
    if (insideTransaction()) throw new SecondConnectionError();
    return (await pool.query(sql, params)).rows as R[];
  };
}

/** `sqlOf` for code handed a TypeORM `EntityManager` (an event consumer's transaction). */
export const sqlOfManager =
  (manager: EntityManager): RunSql =>
  async <R>(sql: string, params?: unknown[]) => {
    // EntityManager.query, but structured: TypeORM answers an UPDATE or DELETE with
    // [rows, count] otherwise.
    const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
    try {
      return (await runner.query(sql, params, true)).records as R[];
    } finally {
      if (runner !== manager.queryRunner) await runner.release();
    }
  };

const insideTransaction = () => {
  const s = current.getStore();
  return s !== undefined && s.open && s.transactional;
};

/**
 * Every pooled connection TypeORM takes goes through `createQueryRunner`; inside an open
 * transaction of this async call chain that can only be a mistake (the transaction has its own).
 */
function guardPooledConnections(dataSource: DataSource): void {
  const ds = dataSource as DataSource & { [GUARDED]?: true };
  if (ds[GUARDED]) return;
  const create = dataSource.createQueryRunner.bind(dataSource);
  dataSource.createQueryRunner = (...args) => {
    if (insideTransaction()) throw new SecondConnectionError();
    return create(...args);
  };
  ds[GUARDED] = true;
}

/** The TypeORM unit of work over a service's data source. */
export class TypeOrmUnitOfWork extends UnitOfWork {
  constructor(private readonly dataSource: DataSource) {
    super();
    guardPooledConnections(dataSource);
  }

  transaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (insideTransaction()) return Promise.reject(new SecondConnectionError());
    return this.dataSource.transaction(options.isolation ?? 'READ COMMITTED', (manager) =>
      this.run({ manager, transactional: true, open: true }, work),
    );
  }

  read<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    if (insideTransaction()) return Promise.reject(new SecondConnectionError());
    return this.run({ manager: this.dataSource.manager, transactional: false, open: true }, work);
  }

  private run<T>(state: TxState, work: (tx: Tx) => Promise<T>): Promise<T> {
    return runInTx(state, work);
  }
}

async function runInTx<T>(state: TxState, work: (tx: Tx) => Promise<T>): Promise<T> {
  const tx = Object.freeze({}) as Tx;
  states.set(tx, state);
  try {
    return await current.run(state, () => work(tx));
  } finally {
    // A timer or promise started inside keeps this context; it must not use the tx later.
    state.open = false;
  }
}

/**
 * An event consumer's transaction (the `EntityManager` its context hands out, opened by the
 * idempotent consumer with the inbox row) as a `Tx`, so a handler reaches repository ports the
 * same way a request does. The tx ends with `work`; the transaction stays the consumer's.
 */
export function inConsumerTransaction<T>(
  manager: EntityManager,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  return runInTx({ manager, transactional: true, open: true }, work);
}

/**
 * A unit of work on a raw client of the service's own pg pool (the pool TypeORM's driver holds,
 * with its statement and lock timeouts; issue 28, ADRs 0052 and 0055): `BEGIN`, the work's
 * statements, `COMMIT`: no query runner, no transaction events, no separate `SET TRANSACTION`
 * statement, no query building. Its `Tx` works only with `sqlOf`; `entityManagerOf` throws on
 * it, so a repository method not written for it fails loudly. Like the TypeORM unit of work it
 * refuses a second pooled connection inside a transaction (`SecondConnectionError`).
 */
export class PgUnitOfWork extends UnitOfWork {
  private readonly pool: Pool;

  constructor(dataSource: DataSource) {
    super();
    const pool = poolOf(dataSource);
    if (!pool) throw new Error('PgUnitOfWork needs the postgres driver of a connected data source');
    this.pool = pool;
    guardPooledConnections(dataSource);
  }

  async transaction<T>(work: (tx: Tx) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    if (insideTransaction()) throw new SecondConnectionError();
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
        result = await runInTx({ client, transactional: true, open: true }, work);
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
    if (insideTransaction()) throw new SecondConnectionError();
    const client = await this.checkout();
    try {
      return await runInTx({ client, transactional: false, open: true }, work);
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
}

/**
 * A checked-out client whose connection dies emits 'error' (the pool listens only while it is
 * idle): without a listener that would stop the process. The query in flight fails anyway.
 */
const ignoreConnectionError = () => undefined;

/** Nest provider of `UnitOfWork` on the service's data source (inject `UnitOfWork`). */
export const unitOfWorkProvider: Provider = {
  provide: UnitOfWork,
  inject: [DataSource],
  useFactory: (dataSource: DataSource) => new TypeOrmUnitOfWork(dataSource),
};

/**
 * Nest provider of `PgUnitOfWork` on the service's data source: inject it by its class where
 * one path runs on raw pg, or make it the service's `UnitOfWork` (`pgAsUnitOfWork`) once every
 * repository takes its statements from `sqlOf`.
 */
export const pgUnitOfWorkProvider: Provider = {
  provide: PgUnitOfWork,
  inject: [DataSource],
  useFactory: (dataSource: DataSource) => new PgUnitOfWork(dataSource),
};

/** `UnitOfWork` is the module's `PgUnitOfWork` (list `pgUnitOfWorkProvider` beside it). */
export const pgAsUnitOfWork: Provider = { provide: UnitOfWork, useExisting: PgUnitOfWork };
