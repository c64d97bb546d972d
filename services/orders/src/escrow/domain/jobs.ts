import { type DeadlineKind } from './deadlines';

/** Deadlines of the domain plus the side effects that must happen once after a commit. */
export type JobKind =
  | DeadlineKind
  | 'refund_payment'
  | 'transfer_to_seller'
  /** Refund a payment that is not the order's (`ref` = its id, payload `{ amountCents }`). */
  | 'refund_stray_payment'
  /** Cancel an attempt that can no longer pay the order (`ref` = its id). */
  | 'cancel_payment'
  /**
   * Take back what was transferred to the seller (a chargeback lost after the payout): every
   * transfer of the order, less what is already reversed (`ref` = the chargeback or transfer).
   */
  | 'reverse_transfer'
  /** A dispute's response deadline (`ref` = the dispute id, `day` = its step): escalate. */
  | 'dispute_escalate'
  /** An accepted offer's order not paid half-way through its window (`ref` = the offer id). */
  | 'offer_pay_reminder';

/** Every kind, once (the record makes the compiler name a kind left out). */
const KINDS: Record<JobKind, true> = {
  expire_unpaid: true,
  ship_by: true,
  auto_release: true,
  release_reminder: true,
  refund_payment: true,
  transfer_to_seller: true,
  refund_stray_payment: true,
  cancel_payment: true,
  reverse_transfer: true,
  dispute_escalate: true,
  offer_pay_reminder: true,
};
export const JOB_KINDS = Object.keys(KINDS) as JobKind[];

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
  /** Scheduled already parked, with this as its error (a refund that kept failing). */
  parked?: string;
}

/**
 * What a transition does to the order's jobs: closes its pending deadlines of `drop` (they
 * would do nothing when due) and schedules `add` (idempotent per order, kind and day).
 */
export interface JobsChange {
  drop: JobKind[];
  add: NewJob[];
}

/** A job that exhausted its attempts, as admins see it (issue 23 scenario 7). */
export interface ParkedJob {
  id: string;
  orderId: string;
  kind: JobKind;
  attempts: number;
  lastError: string | null;
  parkedAt: Date;
  createdAt: Date;
}

export interface ClaimedJob {
  id: string;
  orderId: string;
  kind: JobKind;
  day: number;
  ref: string;
  payload: JobPayload | null;
  attempts: number;
  /**
   * When the lease ends, exactly as stored (opaque): a job whose due time no longer equals it
   * was woken while it ran (e.g. payout onboarding completed), and a wait must not bury that.
   */
  leaseUntil: string;
}
