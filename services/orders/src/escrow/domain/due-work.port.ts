import { type Tx } from '@loadout/service-kit/tx';

/** How many payment events and jobs the worker would find due now, each counted up to a limit. */
export interface DueWork {
  events: number;
  jobs: number;
}

/**
 * The worker's look before it claims (ADR 0066): one lone read over the inbox and the jobs, so
 * an idle look is one statement, and a drain claims only as many items as are due. Counts what
 * another worker holds (it may roll back), as the claims' own filters would.
 */
export abstract class DueWorkReader {
  /** Each queue's due items, counted up to `limit` (the most a drain takes at once). */
  abstract look(tx: Tx, limit: number, now?: Date): Promise<DueWork>;
}
