import { type Tx } from '@loadout/service-kit/tx';
import { type ClaimedJob, type JobsChange } from './jobs';

/**
 * The jobs of orders (deadlines and side effects). Scheduling is idempotent per (order, kind,
 * day); claiming takes the oldest due job no other worker holds.
 */
export abstract class JobRepository {
  abstract apply(tx: Tx, orderId: string, change: JobsChange): Promise<void>;
  /** One due job, locked for the caller's transaction; null when none is due. */
  abstract claimDue(tx: Tx, now?: Date): Promise<ClaimedJob | null>;
  abstract complete(tx: Tx, id: string): Promise<void>;
  /** Gives up on a job that kept failing: it stays, with its last error, for an admin to see. */
  abstract park(tx: Tx, id: string, error: string): Promise<void>;
  abstract retryLater(tx: Tx, id: string, error: string, delayMs: number): Promise<void>;
  /** Transfers waiting for a seller's payout account run at once when it completes. */
  abstract wakeTransfers(tx: Tx, sellerId: string): Promise<void>;
}
