import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type DeadlineKind } from '../domain/deadlines';

/** Deadlines of the domain plus the side effects that must happen once after a commit. */
export type JobKind =
  DeadlineKind | 'release_listing' | 'mark_listing_sold' | 'refund_payment' | 'transfer_to_seller';

export interface NewJob {
  kind: JobKind;
  dueAt: Date;
  day?: number;
}

export interface ClaimedJob {
  id: string;
  orderId: string;
  kind: JobKind;
  day: number;
  attempts: number;
}

/**
 * The `jobs` table. Scheduling is idempotent per (order, kind, day); claiming takes the
 * oldest due row with `FOR UPDATE SKIP LOCKED`, so replicas never run the same job twice.
 */
@Injectable()
export class JobRepository {
  async schedule(tx: EntityManager, orderId: string, jobs: NewJob[]): Promise<void> {
    if (jobs.length === 0) return;
    const params: unknown[] = [orderId];
    const rows = jobs.map((j) => {
      params.push(j.kind, j.day ?? 0, j.dueAt);
      const n = params.length;
      return `($1, $${n - 2}, $${n - 1}, $${n})`;
    });
    await tx.query(
      `INSERT INTO orders.jobs (order_id, kind, day, due_at) VALUES ${rows.join(', ')}
       ON CONFLICT ON CONSTRAINT jobs_once DO NOTHING`,
      params,
    );
  }

  /**
   * Closes the order's deadlines of `drop` and schedules `jobs`, in one statement (the
   * kinds never overlap: a transition drops the deadlines it moved past, adds its own).
   */
  async reschedule(
    tx: EntityManager,
    orderId: string,
    drop: DeadlineKind[],
    jobs: NewJob[],
  ): Promise<void> {
    if (jobs.length === 0) return this.dropDeadlines(tx, orderId, drop);
    if (drop.length === 0) return this.schedule(tx, orderId, jobs);
    const params: unknown[] = [orderId, drop];
    const rows = jobs.map((j) => {
      params.push(j.kind, j.day ?? 0, j.dueAt);
      const n = params.length;
      return `($1, $${n - 2}, $${n - 1}::int, $${n}::timestamptz)`;
    });
    await tx.query(
      `WITH dropped AS (
         UPDATE orders.jobs SET done_at = now(), last_error = 'obsolete'
          WHERE order_id = $1 AND kind = ANY($2::text[]) AND done_at IS NULL
       )
       INSERT INTO orders.jobs (order_id, kind, day, due_at) VALUES ${rows.join(', ')}
       ON CONFLICT ON CONSTRAINT jobs_once DO NOTHING`,
      params,
    );
  }

  /** One due job, locked for the caller's transaction; null when none is due. */
  async claimDue(tx: EntityManager, now: Date = new Date()): Promise<ClaimedJob | null> {
    const rows = (await tx.query(
      `SELECT id, order_id AS "orderId", kind, day, attempts FROM orders.jobs
        WHERE done_at IS NULL AND due_at <= $1
        ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
    )) as ClaimedJob[];
    return rows[0] ?? null;
  }

  async complete(tx: EntityManager, id: string): Promise<void> {
    await tx.query(
      `UPDATE orders.jobs SET done_at = now(), attempts = attempts + 1 WHERE id = $1`,
      [id],
    );
  }

  /** Gives up on a row that kept failing: it stays, with its last error, for an admin to see. */
  async park(tx: EntityManager, id: string, error: string): Promise<void> {
    await tx.query(
      `UPDATE orders.jobs SET attempts = attempts + 1, done_at = now(),
              last_error = $2 WHERE id = $1`,
      [id, `gave up: ${error}`.slice(0, 500)],
    );
  }

  async retryLater(tx: EntityManager, id: string, error: string, delayMs: number): Promise<void> {
    await tx.query(
      `UPDATE orders.jobs SET attempts = attempts + 1, last_error = $2,
              due_at = now() + ($3::int * interval '1 millisecond')
        WHERE id = $1`,
      [id, error.slice(0, 500), delayMs],
    );
  }

  /** Deadlines the order has moved past are closed (they would do nothing when due). */
  async dropDeadlines(tx: EntityManager, orderId: string, kinds: DeadlineKind[]): Promise<void> {
    await tx.query(
      `UPDATE orders.jobs SET done_at = now(), last_error = 'obsolete'
        WHERE order_id = $1 AND kind = ANY($2::text[]) AND done_at IS NULL`,
      [orderId, kinds],
    );
  }

  /** Transfers waiting for a seller's payout account run at once when it completes. */
  async wakeTransfers(tx: EntityManager, sellerId: string): Promise<void> {
    await tx.query(
      `UPDATE orders.jobs j SET due_at = now() FROM orders.orders o
        WHERE j.order_id = o.id AND o.seller_id = $1 AND j.kind = 'transfer_to_seller'
          AND j.done_at IS NULL`,
      [sellerId],
    );
  }
}
