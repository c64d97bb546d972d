import { AsyncLocalStorage } from 'node:async_hooks';
import { type Provider } from '@nestjs/common';
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
 * `read(work)` runs reads that need no transaction. Both hand `work` an opaque `Tx` that
 * handlers pass on to repositories.
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

interface TxState {
  manager: EntityManager;
  transactional: boolean;
  open: boolean;
}

const states = new WeakMap<object, TxState>();
const current = new AsyncLocalStorage<TxState>();
const GUARDED = Symbol('loadout.unitOfWorkGuard');

/** For persistence code only: the TypeORM handle behind a `Tx`. */
export function entityManagerOf(tx: Tx): EntityManager {
  const state = states.get(tx);
  if (!state) throw new TypeError('not a Tx of a unit of work');
  if (!state.open) throw new TxClosedError();
  return state.manager;
}

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

/** Nest provider of `UnitOfWork` on the service's data source (inject `UnitOfWork`). */
export const unitOfWorkProvider: Provider = {
  provide: UnitOfWork,
  inject: [DataSource],
  useFactory: (dataSource: DataSource) => new TypeOrmUnitOfWork(dataSource),
};
