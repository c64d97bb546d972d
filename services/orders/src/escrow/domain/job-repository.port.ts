import { type Tx } from '@loadout/service-kit/tx';
import { type ClaimedJob, type JobKind, type JobsChange, type ParkedJob } from './jobs';

/**
 * The jobs of orders (deadlines and side effects). Scheduling is idempotent per (order, kind,
 * day); claiming takes the oldest due job no other worker holds.
 */
export abstract class JobRepository {
  abstract apply(tx: Tx, orderId: string, change: JobsChange): Promise<void>;
  /**
   * Takes the oldest due job no other worker holds for `leaseMs` (its due time moves past the
   * lease, so a worker that dies leaves it to be taken again); null when none is due. The
   * row is not kept locked: running it locks the order first, then the job (the lock order
   * of every action), so a worker and a user's action never deadlock (issue 23 scenario 4).
   */
  abstract lease(tx: Tx, leaseMs: number, now?: Date): Promise<ClaimedJob | null>;
  /** Locks the job when it is still open (a transition may have closed it meanwhile). */
  abstract lockOpen(tx: Tx, id: string): Promise<boolean>;
  abstract complete(tx: Tx, id: string): Promise<void>;
  /**
   * Gives up on a job that kept failing: parked (not done), with its last error, never leased
   * again until an admin retries or discards it.
   */
  abstract park(tx: Tx, id: string, error: string): Promise<void>;
  /** A failed attempt: counted, and the job is due again after `delayMs`. */
  abstract retryLater(tx: Tx, id: string, error: string, delayMs: number): Promise<void>;
  /**
   * A wait (e.g. for payout onboarding) is not a failure: due again later, attempts unchanged.
   * A job woken since it was leased (its due time moved) stays due: the wake wins.
   */
  abstract waitLater(
    tx: Tx,
    job: Pick<ClaimedJob, 'id' | 'leaseUntil'>,
    reason: string,
    delayMs: number,
  ): Promise<void>;
  /** Parked jobs, oldest parked first. */
  abstract listParked(tx: Tx, limit: number): Promise<ParkedJob[]>;
  /** Parked jobs per kind (for /metrics). */
  abstract countParked(tx: Tx): Promise<{ kind: JobKind; count: number }[]>;
  /** Opens a parked job again with fresh attempts, due now; false when it is not parked. */
  abstract retryParked(tx: Tx, id: string): Promise<boolean>;
  /** Closes a parked job for good (kept with its error); false when it is not parked. */
  abstract discardParked(tx: Tx, id: string): Promise<boolean>;
  /** Transfers waiting for a seller's payout account run at once when it completes. */
  abstract wakeTransfers(tx: Tx, sellerId: string): Promise<void>;
}
