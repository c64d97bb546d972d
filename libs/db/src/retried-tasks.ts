import { type SqlExecutor } from './sql-executor';

/** A claimed key is someone's for this long: a process that dies mid-round frees it after it. */
const LEASE_MS = 5 * 60 * 1000;
/** The first retry waits a minute, then twice as long each time, never more than an hour. */
const FIRST_RETRY_MS = 60 * 1000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const BATCH = 100;

/** Wait before the next attempt after `attempts` failed ones (1 → 1 min, 2 → 2 min … ≤ 1 h). */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export interface RetriedTasksOptions {
  /** Runs the claim and bookkeeping statements, each on its own (a data source, a pool). */
  db: SqlExecutor;
  /** The service's schema and the table its migration created (`createRetriedTasksTable`). */
  schema: string;
  table: string;
  /**
   * Does the work of one key; must be idempotent (it runs again after a crash mid-round).
   * A throw keeps the key for a later attempt.
   */
  run(key: string): Promise<void>;
  /** What one task is, for the log ("stored file", "Keycloak user"). */
  what: string;
  /** Where a failed attempt is said (an outage: warn, it is retried). */
  log?: { warn(message: string): void };
}

export interface TaskRound {
  done: number;
  failed: number;
}

export interface PendingTask {
  key: string;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
}

/**
 * Work outside the database that must follow a commit, one row per key: the key is written in
 * the transaction that makes the work due, and `runDue` does it only after that transaction
 * committed, retried with backoff (never given up) until it succeeds. A rolled-back transaction
 * leaves nothing to do; an outage of the other side leaves rows, not forgotten work. Any number
 * of processes may run rounds (`SKIP LOCKED`, then a lease); no transaction is held while `run`
 * talks to the other side.
 */
export class RetriedTasks {
  private readonly table: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<TaskRound> | null = null;

  constructor(private readonly options: RetriedTasksOptions) {
    this.table = qualified(options.schema, options.table);
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
   * Runs the keys whose turn has come at `now` (at most 100): each claimed by one process, run,
   * then its row removed, or on failure rescheduled with the error. A failing `run` never
   * makes this throw.
   */
  async runDue(now: Date = new Date()): Promise<TaskRound> {
    if (this.running) return this.running;
    this.running = this.round(now);
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Runs `runDue` every `intervalMs` until `stop`; a failed round is retried by the next. */
  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.runDue().catch((err: unknown) =>
        this.options.log?.warn(`${this.options.what} round failed: ${String(err)}`),
      );
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Keys still waiting, with their attempts and last error (tests, operators). */
  async pending(): Promise<PendingTask[]> {
    return rowsOf<PendingTask>(
      await this.options.db.query(
        `SELECT "key", "attempts", "next_attempt_at" AS "nextAttemptAt", "last_error" AS "lastError"
           FROM ${this.table} ORDER BY "created_at", "key"`,
      ),
    );
  }

  private async round(now: Date): Promise<TaskRound> {
    const { db, run, what } = this.options;
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
    const result: TaskRound = { done: 0, failed: 0 };
    for (const { key, attempts } of claimed) {
      try {
        await run(key);
      } catch (err) {
        result.failed++;
        const message = err instanceof Error ? err.message : String(err);
        const delay = retryDelayMs(attempts);
        await db.query(
          `UPDATE ${this.table} SET "last_error" = $2,
                  "next_attempt_at" = $3::timestamptz + $4 * interval '1 millisecond'
            WHERE "key" = $1`,
          [key, message.slice(0, 1000), now, delay],
        );
        this.options.log?.warn(
          `${what} ${key} not done (attempt ${attempts}), retried in ${Math.round(delay / 1000)} s: ${message}`,
        );
        continue;
      }
      await db.query(`DELETE FROM ${this.table} WHERE "key" = $1`, [key]);
      result.done++;
    }
    return result;
  }
}

/** Creates a `RetriedTasks` table; call it from the service's migration. */
export async function createRetriedTasksTable(
  executor: SqlExecutor,
  schema: string,
  table: string,
): Promise<void> {
  await executor.query(`
    CREATE TABLE IF NOT EXISTS ${qualified(schema, table)} (
      "key" varchar(1024) PRIMARY KEY,
      "attempts" integer NOT NULL DEFAULT 0,
      "next_attempt_at" timestamptz(3) NOT NULL DEFAULT now(),
      "last_error" text,
      "created_at" timestamptz(3) NOT NULL DEFAULT now()
    )`);
  await executor.query(
    `CREATE INDEX IF NOT EXISTS "${table}_due_idx" ON ${qualified(schema, table)} ("next_attempt_at")`,
  );
}

/** The `down` of that migration. */
export async function dropRetriedTasksTable(
  executor: SqlExecutor,
  schema: string,
  table: string,
): Promise<void> {
  await executor.query(`DROP TABLE IF EXISTS ${qualified(schema, table)}`);
}

function qualified(schema: string, table: string): string {
  for (const name of [schema, table])
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid SQL name: ${name}`);
  return `"${schema}"."${table}"`;
}

/** TypeORM's `query` of an UPDATE … RETURNING gives `[rows, count]`; pg gives `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) {
    if (result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number')
      return result[0] as T[];
    return result as T[];
  }
  return (result as { rows?: T[] } | null)?.rows ?? [];
}
