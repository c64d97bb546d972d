import { type DeadlineKind } from './deadlines';

/** Deadlines of the domain plus the side effects that must happen once after a commit. */
export type JobKind =
  DeadlineKind | 'release_listing' | 'mark_listing_sold' | 'refund_payment' | 'transfer_to_seller';

export interface NewJob {
  kind: JobKind;
  dueAt: Date;
  /** Reminders: the day since shipping, for the message. */
  day?: number;
}

/**
 * What a transition does to the order's jobs: closes its pending deadlines of `drop` (they
 * would do nothing when due) and schedules `add` (idempotent per order, kind and day).
 */
export interface JobsChange {
  drop: DeadlineKind[];
  add: NewJob[];
}

export interface ClaimedJob {
  id: string;
  orderId: string;
  kind: JobKind;
  day: number;
  attempts: number;
}
