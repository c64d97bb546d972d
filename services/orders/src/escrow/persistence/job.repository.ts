import { Injectable } from '@nestjs/common';
import { sqlOf, type Tx } from '@loadout/service-kit';
import { JobRepository } from '../domain/job-repository.port';
import { StatementParams } from './statement-params';
import {
  type ClaimedJob,
  type JobKind,
  type JobsChange,
  type NewJob,
  type ParkedJob,
} from '../domain/jobs';

/** Jobs the worker may take now ($1: now): open, not parked, due. */
export const JOBS_DUE = `done_at IS NULL AND parked_at IS NULL AND due_at <= $1`;

const isJobId = (id: string) => /^[1-9][0-9]{0,17}$/.test(id);

/**
 * One order's jobs change as the parts of a data-modifying CTE named after `tag`: its
 * deadlines of `drop` closed, the jobs of `add` scheduled (once per order, kind and day).
 * `when`, an SQL condition of the caller's statement, lets either happen only if it holds (a
 * guarded save, ADR 0062).
 */
export function jobsChangeParts(
  orderId: string,
  { drop, add }: JobsChange,
  p: StatementParams,
  tag: string,
  when?: string,
): string[] {
  const parts: string[] = [];
  if (drop.length === 0 && add.length === 0) return parts;
  const order = p.add(orderId, '::varchar');
  if (drop.length > 0)
    parts.push(`${tag}d AS (
      UPDATE orders.jobs SET done_at = now(), last_error = 'obsolete'
       WHERE order_id = ${order} AND kind = ANY(${p.add(drop, '::text[]')}) AND done_at IS NULL
         ${when ? `AND ${when}` : ''})`);
  if (add.length > 0) {
    const rows = add.map((j: NewJob) => {
      const parked = j.parked ? `gave up: ${j.parked}`.slice(0, 500) : null;
      const error = p.add(parked, '::varchar');
      return `(${order}, ${p.add(j.kind)}, ${p.add(j.day ?? 0, '::int')}, ${p.add(j.dueAt, '::timestamptz')},
               ${p.add(j.ref ?? '', '::varchar')}, ${p.add(j.payload ? JSON.stringify(j.payload) : null, '::jsonb')},
               ${error}, CASE WHEN ${error} IS NULL THEN NULL ELSE now() END)`;
    });
    const values = `VALUES ${rows.join(', ')}`;
    parts.push(`${tag}a AS (
      INSERT INTO orders.jobs (order_id, kind, day, due_at, ref, payload, last_error, parked_at)
      ${when ? `SELECT * FROM (${values}) AS v WHERE ${when}` : values}
      ON CONFLICT ON CONSTRAINT jobs_once DO NOTHING)`);
  }
  return parts;
}

/**
 * The `jobs` table. Scheduling is idempotent per (order, kind, day); claiming takes the
 * oldest due row with `FOR UPDATE SKIP LOCKED`, so replicas never run the same job twice.
 */
@Injectable()
export class SqlJobRepository extends JobRepository {
  /**
   * Closes the order's deadlines of `drop` and schedules `add`, in one statement (the kinds
   * never overlap: a transition drops the deadlines it moved past, adds its own).
   */
  async apply(tx: Tx, orderId: string, change: JobsChange): Promise<void> {
    const params = new StatementParams();
    const parts = jobsChangeParts(orderId, change, params, 'j');
    if (parts.length > 0) await sqlOf(tx)(`WITH ${parts.join(', ')} SELECT 1`, params.values);
  }

  async lease(tx: Tx, leaseMs: number, now: Date = new Date()): Promise<ClaimedJob | null> {
    const rows = (await sqlOf(tx)(
      `UPDATE orders.jobs SET due_at = now() + ($2::int * interval '1 millisecond')
        WHERE id = (SELECT id FROM orders.jobs
                     WHERE ${JOBS_DUE}
                     ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, order_id AS "orderId", kind, day, ref, payload, attempts,
                  due_at::text AS "leaseUntil"`,
      [now, leaseMs],
    )) as ClaimedJob[];
    return rows[0] ?? null;
  }

  async lockOpen(tx: Tx, id: string): Promise<boolean> {
    const rows = (await sqlOf(tx)(
      `SELECT id FROM orders.jobs WHERE id = $1 AND done_at IS NULL AND parked_at IS NULL
          FOR UPDATE`,
      [id],
    )) as unknown[];
    return rows.length > 0;
  }

  async complete(tx: Tx, id: string): Promise<void> {
    await sqlOf(tx)(
      `UPDATE orders.jobs SET done_at = now(), attempts = attempts + 1
        WHERE id = $1 AND done_at IS NULL`,
      [id],
    );
  }

  async park(tx: Tx, id: string, error: string): Promise<void> {
    await sqlOf(tx)(
      `UPDATE orders.jobs SET attempts = attempts + 1, parked_at = now(),
              last_error = $2 WHERE id = $1 AND done_at IS NULL`,
      [id, `gave up: ${error}`.slice(0, 500)],
    );
  }

  async retryLater(tx: Tx, id: string, error: string, delayMs: number): Promise<void> {
    await sqlOf(tx)(
      `UPDATE orders.jobs SET attempts = attempts + 1, last_error = $2,
              due_at = now() + ($3::int * interval '1 millisecond')
        WHERE id = $1`,
      [id, error.slice(0, 500), delayMs],
    );
  }

  async waitLater(
    tx: Tx,
    job: Pick<ClaimedJob, 'id' | 'leaseUntil'>,
    reason: string,
    delayMs: number,
  ): Promise<void> {
    // Only a job still on its lease is pushed out; one woken meanwhile (due now) stays due.
    await sqlOf(tx)(
      `UPDATE orders.jobs SET last_error = $2,
              due_at = CASE WHEN due_at = $4::timestamptz
                            THEN now() + ($3::int * interval '1 millisecond') ELSE due_at END
        WHERE id = $1`,
      [job.id, reason.slice(0, 500), delayMs, job.leaseUntil],
    );
  }

  async listParked(tx: Tx, limit: number): Promise<ParkedJob[]> {
    return (await sqlOf(tx)(
      `SELECT id::text, order_id AS "orderId", kind, attempts, last_error AS "lastError",
              parked_at AS "parkedAt", created_at AS "createdAt"
         FROM orders.jobs WHERE parked_at IS NOT NULL AND done_at IS NULL
        ORDER BY parked_at, id LIMIT $1`,
      [limit],
    )) as ParkedJob[];
  }

  async countParked(tx: Tx): Promise<{ kind: JobKind; count: number }[]> {
    return (await sqlOf(tx)(
      `SELECT kind, count(*)::int AS count FROM orders.jobs
        WHERE parked_at IS NOT NULL AND done_at IS NULL GROUP BY kind`,
    )) as { kind: JobKind; count: number }[];
  }

  async retryParked(tx: Tx, id: string): Promise<boolean> {
    if (!isJobId(id)) return false;
    const changed = (await sqlOf(tx)(
      `UPDATE orders.jobs SET parked_at = NULL, attempts = 0, due_at = now()
        WHERE id = $1::bigint AND parked_at IS NOT NULL AND done_at IS NULL
        RETURNING 1`,
      [id],
    )) as unknown[];
    return changed.length > 0;
  }

  async discardParked(tx: Tx, id: string): Promise<boolean> {
    if (!isJobId(id)) return false;
    const changed = (await sqlOf(tx)(
      `UPDATE orders.jobs SET done_at = now(),
              last_error = left('discarded by an admin; ' || coalesce(last_error, ''), 500)
        WHERE id = $1::bigint AND parked_at IS NOT NULL AND done_at IS NULL
        RETURNING 1`,
      [id],
    )) as unknown[];
    return changed.length > 0;
  }

  async wakeTransfers(tx: Tx, sellerId: string): Promise<void> {
    await sqlOf(tx)(
      `UPDATE orders.jobs j SET due_at = now() FROM orders.orders o
        WHERE j.order_id = o.id AND o.seller_id = $1 AND j.kind = 'transfer_to_seller'
          AND j.done_at IS NULL`,
      [sellerId],
    );
  }
}
