import { type SqlExecutor } from '@loadout/db';
import { type ObjectStorage } from './object-storage';

/** The table name, in the service's own schema. */
export const OBJECT_ERASURES_TABLE = 'object_erasures';

/** A claimed key is someone's for this long: a process that dies mid-round frees it after it. */
const LEASE_MS = 5 * 60 * 1000;
/** The first retry waits a minute, then twice as long each time, never more than an hour. */
const FIRST_RETRY_MS = 60 * 1000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const BATCH = 100;

/** Wait before the next attempt after `attempts` failed ones (1 → 1 min, 2 → 2 min … ≤ 1 h). */
export function erasureRetryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

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
 * Stored files to erase, one row per object key (ADR 0039 amendment): the key is written in
 * the same transaction that drops the rows pointing at the file, and the file is deleted only
 * after that transaction committed, by `eraseDue`, retried with backoff until the store
 * answers. A rolled-back transaction erases nothing; a storage outage leaves rows, never
 * orphaned files; erasing a key twice is harmless (deleting a missing object is not an error).
 */
export class ObjectErasures {
  private readonly table: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ErasureRound> | null = null;

  constructor(private readonly options: ObjectErasuresOptions) {
    this.table = `${quoteIdent(options.schema)}."${OBJECT_ERASURES_TABLE}"`;
  }

  /** Queues `keys` inside the caller's transaction `tx`; a key already queued stays once. */
  async enqueue(tx: SqlExecutor, keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await tx.query(
      `INSERT INTO ${this.table} ("key") SELECT DISTINCT unnest($1::text[])
       ON CONFLICT ("key") DO NOTHING`,
      [[...keys]],
    );
  }

  /**
   * Deletes the files whose turn has come at `now` (at most 100): each key is claimed by one
   * process (`SKIP LOCKED`, then a lease), its file deleted outside any transaction, then its
   * row removed, or on failure rescheduled with the error. Never throws for a storage failure.
   */
  async eraseDue(now: Date = new Date()): Promise<ErasureRound> {
    if (this.running) return this.running;
    this.running = this.round(now);
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Runs `eraseDue` every `intervalMs` until `stop`; a failed round is retried by the next. */
  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.eraseDue().catch((err: unknown) =>
        this.options.log?.warn(`stored file erasure round failed: ${String(err)}`),
      );
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Keys still waiting (with their attempts and last error): for tests and operators. */
  async pending(): Promise<
    { key: string; attempts: number; nextAttemptAt: Date; lastError: string | null }[]
  > {
    return rowsOf(
      await this.options.db.query(
        `SELECT "key", "attempts", "next_attempt_at" AS "nextAttemptAt", "last_error" AS "lastError"
           FROM ${this.table} ORDER BY "created_at", "key"`,
      ),
    );
  }

  private async round(now: Date): Promise<ErasureRound> {
    const { db, storage } = this.options;
    const claimed = rowsOf<{ key: string; attempts: number }>(
      await db.query(
        `UPDATE ${this.table} SET "attempts" = "attempts" + 1,
                "next_attempt_at" = $1::timestamptz + $3 * interval '1 millisecond'
          WHERE "key" IN (SELECT "key" FROM ${this.table} WHERE "next_attempt_at" <= $1
                           ORDER BY "next_attempt_at" LIMIT $2 FOR UPDATE SKIP LOCKED)
          RETURNING "key", "attempts"`,
        [now, BATCH, LEASE_MS],
      ),
    );
    const result: ErasureRound = { erased: 0, failed: 0 };
    for (const { key, attempts } of claimed) {
      try {
        await storage.delete(key);
      } catch (err) {
        result.failed++;
        const message = err instanceof Error ? err.message : String(err);
        const delay = erasureRetryDelayMs(attempts);
        await db.query(
          `UPDATE ${this.table} SET "last_error" = $2,
                  "next_attempt_at" = $3::timestamptz + $4 * interval '1 millisecond'
            WHERE "key" = $1`,
          [key, message.slice(0, 1000), now, delay],
        );
        this.options.log?.warn(
          `stored file ${key} not erased (attempt ${attempts}), retried in ${Math.round(delay / 1000)} s: ${message}`,
        );
        continue;
      }
      await db.query(`DELETE FROM ${this.table} WHERE "key" = $1`, [key]);
      result.erased++;
    }
    return result;
  }
}

/** Creates the queue's table in `schema`; call it from the service's migration. */
export async function createObjectErasuresTable(
  executor: SqlExecutor,
  schema: string,
): Promise<void> {
  const table = `${quoteIdent(schema)}."${OBJECT_ERASURES_TABLE}"`;
  await executor.query(`
    CREATE TABLE IF NOT EXISTS ${table} (
      "key" varchar(1024) PRIMARY KEY,
      "attempts" integer NOT NULL DEFAULT 0,
      "next_attempt_at" timestamptz(3) NOT NULL DEFAULT now(),
      "last_error" text,
      "created_at" timestamptz(3) NOT NULL DEFAULT now()
    )`);
  await executor.query(
    `CREATE INDEX IF NOT EXISTS "object_erasures_due_idx" ON ${table} ("next_attempt_at")`,
  );
}

/** The `down` of that migration. */
export async function dropObjectErasuresTable(
  executor: SqlExecutor,
  schema: string,
): Promise<void> {
  await executor.query(`DROP TABLE IF EXISTS ${quoteIdent(schema)}."${OBJECT_ERASURES_TABLE}"`);
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid schema name: ${name}`);
  return `"${name}"`;
}

/** TypeORM's `query` of an UPDATE … RETURNING gives `[rows, count]`; pg gives `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) {
    if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
      return result[0] as T[];
    return result as T[];
  }
  return ((result as { rows?: T[] })?.rows ?? []) as T[];
}
