import {
  RetriedTasks,
  createRetriedTasksTable,
  dropRetriedTasksTable,
  retryDelayMs,
  type PendingTask,
  type SqlExecutor,
} from '@loadout/db';
import { type ObjectStorage } from './object-storage';

/** The table name, in the service's own schema. */
export const OBJECT_ERASURES_TABLE = 'object_erasures';

/** Wait before the next attempt after `attempts` failed ones (1 min doubling, ≤ 1 h). */
export const erasureRetryDelayMs = retryDelayMs;

export interface ObjectErasuresOptions {
  storage: ObjectStorage;
  /** Runs the claim and bookkeeping statements, each on its own (a data source, a pool). */
  db: SqlExecutor;
  /** The service's schema, where its migration created the table (`createObjectErasuresTable`). */
  schema: string;
  /** Where a failed attempt is said (a storage outage: warn, it is retried). */
  log?: { warn(message: string): void };
}

export interface ErasureRound {
  erased: number;
  failed: number;
}

/**
 * Stored files to erase, one row per object key (ADR 0039, amended): the key is written in the
 * transaction that drops the rows pointing at the file, and the file is deleted only after that
 * transaction committed, by `eraseDue`, retried with backoff until the store answers
 * (`RetriedTasks` of @loadout/db). A rolled-back transaction erases nothing; a storage outage
 * leaves rows, never orphaned files; erasing a key twice is harmless (deleting a missing object
 * is not an error).
 */
export class ObjectErasures {
  private readonly tasks: RetriedTasks;

  constructor(options: ObjectErasuresOptions) {
    this.tasks = new RetriedTasks({
      db: options.db,
      schema: options.schema,
      table: OBJECT_ERASURES_TABLE,
      run: (key) => options.storage.delete(key),
      what: 'stored file erasure',
      log: options.log,
    });
  }

  /** Queues `keys` inside the caller's transaction `tx`; a key already queued stays once. */
  enqueue(tx: SqlExecutor, keys: readonly string[]): Promise<void> {
    return this.tasks.enqueue(tx, keys);
  }

  /** Deletes the files whose turn has come at `now` (at most 100); never throws for a storage failure. */
  async eraseDue(now: Date = new Date()): Promise<ErasureRound> {
    const { done, failed } = await this.tasks.runDue(now);
    return { erased: done, failed };
  }

  /** Runs `eraseDue` every `intervalMs` until `stop`. */
  start(intervalMs: number): void {
    this.tasks.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.tasks.stop();
  }

  /** Keys still waiting (with their attempts and last error): for tests and operators. */
  pending(): Promise<PendingTask[]> {
    return this.tasks.pending();
  }
}

/** Creates the queue's table in `schema`; call it from the service's migration. */
export function createObjectErasuresTable(executor: SqlExecutor, schema: string): Promise<void> {
  return createRetriedTasksTable(executor, schema, OBJECT_ERASURES_TABLE);
}

/** The `down` of that migration. */
export function dropObjectErasuresTable(executor: SqlExecutor, schema: string): Promise<void> {
  return dropRetriedTasksTable(executor, schema, OBJECT_ERASURES_TABLE);
}
