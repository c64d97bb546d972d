import { type DeadlineKind } from './deadlines';

/** Deadlines of the domain plus the side effects that must happen once after a commit. */
export type JobKind =
  | DeadlineKind
  | 'release_listing'
  | 'mark_listing_sold'
  | 'refund_payment'
  | 'transfer_to_seller'
  /** Refund a payment that is not the order's (`ref` = its id, payload `{ amountCents }`). */
  | 'refund_stray_payment'
  /** Cancel an attempt that can no longer pay the order (`ref` = its id). */
  | 'cancel_payment'
  /** A dispute's response deadline (`ref` = the dispute id, `day` = its step): escalate. */
  | 'dispute_escalate';

export interface JobPayload {
  amountCents?: number;
}

export interface NewJob {
  kind: JobKind;
  dueAt: Date;
  /** Reminders: the day since shipping, for the message. */
  day?: number;
  /** What the job acts on when an order may have several (a payment id); once each. */
  ref?: string;
  payload?: JobPayload;
}

/**
 * What a transition does to the order's jobs: closes its pending deadlines of `drop` (they
 * would do nothing when due) and schedules `add` (idempotent per order, kind and day).
 */
export interface JobsChange {
  drop: JobKind[];
  add: NewJob[];
}

export interface ClaimedJob {
  id: string;
  orderId: string;
  kind: JobKind;
  day: number;
  ref: string;
  payload: JobPayload | null;
  attempts: number;
}
