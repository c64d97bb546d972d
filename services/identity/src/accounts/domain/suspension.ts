import { type SuspensionDuration } from '@loadout/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days of each suspension an admin may choose; null = until an admin reinstates the account. */
export const SUSPENSION_DAYS: Record<SuspensionDuration, number | null> = {
  '7d': 7,
  '30d': 30,
  permanent: null,
};

/** When a suspension chosen now ends; null for a permanent one. */
export function suspensionEnd(duration: SuspensionDuration, now: Date): Date | null {
  const days = SUSPENSION_DAYS[duration];
  return days === null ? null : new Date(now.getTime() + days * DAY_MS);
}

export interface SuspensionFacts {
  suspendedAt: Date | null;
  suspendedUntil: Date | null;
}

/**
 * `none`: not suspended; `active`: suspended now; `expired`: its end date has passed but it was
 * not lifted yet (the sweep or the next sign-in lifts it, with the reinstated event).
 */
export function suspensionState(user: SuspensionFacts, now: Date): 'none' | 'active' | 'expired' {
  if (!user.suspendedAt) return 'none';
  if (user.suspendedUntil && user.suspendedUntil.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

export const isSuspended = (user: SuspensionFacts, now: Date = new Date()): boolean =>
  suspensionState(user, now) === 'active';

/** "4 December 2026" in Irish time, for the sign-in refusal. */
export function suspensionEndText(until: Date): string {
  return new Intl.DateTimeFormat('en-IE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Dublin',
  }).format(until);
}
