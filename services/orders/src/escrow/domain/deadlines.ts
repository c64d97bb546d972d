/**
 * Deadline rules of docs/domain.md, in milliseconds so tests and demos can shorten them
 * (the service reads them from env once at boot).
 */
export interface DeadlineRules {
  /** Unpaid order expires, listing freed: 30 min. */
  payWithinMs: number;
  /** Seller must mark shipped after payment, else auto-cancel + full refund: 7 days. */
  shipWithinMs: number;
  /** Automatic release after shipping unless confirmed or disputed: 14 days. */
  autoReleaseAfterMs: number;
  /** Reminders to the buyer before the automatic release: day 7 and day 12. */
  reminderAfterMs: readonly number[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const DEFAULT_DEADLINE_RULES: DeadlineRules = {
  payWithinMs: 30 * MINUTE,
  shipWithinMs: 7 * DAY,
  autoReleaseAfterMs: 14 * DAY,
  reminderAfterMs: [7 * DAY, 12 * DAY],
};

export type DeadlineKind = 'expire_unpaid' | 'ship_by' | 'auto_release' | 'release_reminder';

export interface DeadlineJob {
  kind: DeadlineKind;
  dueAt: Date;
  /** Reminders: the day since shipping, for the message. */
  day?: number;
}

const after = (at: Date, ms: number) => new Date(at.getTime() + ms);

export const payBy = (createdAt: Date, r: DeadlineRules) => after(createdAt, r.payWithinMs);
export const shipBy = (paidAt: Date, r: DeadlineRules) => after(paidAt, r.shipWithinMs);
export const autoReleaseAt = (shippedAt: Date, r: DeadlineRules) =>
  after(shippedAt, r.autoReleaseAfterMs);

/** Jobs to schedule when an order is created. */
export const jobsOnCreate = (createdAt: Date, r: DeadlineRules): DeadlineJob[] => [
  { kind: 'expire_unpaid', dueAt: payBy(createdAt, r) },
];

/** Jobs to schedule when the payment is confirmed. */
export const jobsOnPaid = (paidAt: Date, r: DeadlineRules): DeadlineJob[] => [
  { kind: 'ship_by', dueAt: shipBy(paidAt, r) },
];

/**
 * Jobs to schedule when shipped: reminders that fall before the release, then the release.
 * A job whose order has left the state it was meant for does nothing when it fires.
 */
export function jobsOnShipped(shippedAt: Date, r: DeadlineRules): DeadlineJob[] {
  const reminders = r.reminderAfterMs
    .filter((ms) => ms > 0 && ms < r.autoReleaseAfterMs)
    .map((ms) => ({
      kind: 'release_reminder' as const,
      dueAt: after(shippedAt, ms),
      day: Math.max(1, Math.round(ms / DAY)),
    }));
  return [...reminders, { kind: 'auto_release', dueAt: autoReleaseAt(shippedAt, r) }];
}
