import { type Tx } from '@loadout/service-kit/tx';
import { type ClaimedJob, type JobsChange } from './jobs';

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
  /** Gives up on a job that kept failing: it stays, with its last error, for an admin to see. */
  abstract park(tx: Tx, id: string, error: string): Promise<void>;
  abstract retryLater(tx: Tx, id: string, error: string, delayMs: number): Promise<void>;
  /** Transfers waiting for a seller's payout account run at once when it completes. */
  abstract wakeTransfers(tx: Tx, sellerId: string): Promise<void>;
}
