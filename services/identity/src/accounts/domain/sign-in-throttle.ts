/**
 * Failed sign-ins slow the guesser down; nothing locks an account (issue 22, item 10; ADR 0021).
 * Each throttled key (an account at one address, or one address over all accounts) gets a few
 * free attempts, then must wait before each next one: the wait doubles per attempt up to a cap,
 * so the owner at that address is kept waiting at most the cap, and never at another address.
 */
export interface BackoffPolicy {
  /** Attempts allowed back to back before the first wait. */
  freeAttempts: number;
  /** The first wait; it doubles with each further attempt. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/** The wait before the next attempt once `attempts` attempts were made (free ones cost none). */
export function waitAfterAttempts(attempts: number, policy: BackoffPolicy): number {
  const beyond = attempts - policy.freeAttempts;
  if (beyond < 0) return 0;
  return Math.min(policy.baseDelayMs * 2 ** beyond, policy.maxDelayMs);
}

export interface SignInThrottle {
  /** One account at one address: the guesser's own lane. */
  accountAtAddress: BackoffPolicy;
  /** One address over every account (spraying). */
  address: BackoffPolicy;
  /** How long attempts of a key are remembered after the last one. */
  memoryMs: number;
  /**
   * Across addresses an account is slowed, never refused: after this many failures within the
   * window each attempt waits before its password is checked, doubling up to a low cap, so
   * the owner still signs in, a moment later (`waitAfterAttempts` of its failures).
   */
  account: BackoffPolicy;
  /** Window of the account-wide failure count (slow-down and the owner's warning). */
  accountWindowMs: number;
  /** Account-wide failures within the window that email the owner (once per window). */
  warnOwnerAt: number;
}

const MINUTE = 60_000;

export const SIGN_IN_THROTTLE: SignInThrottle = {
  accountAtAddress: { freeAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 15 * MINUTE },
  address: { freeAttempts: 20, baseDelayMs: 1_000, maxDelayMs: 15 * MINUTE },
  memoryMs: 24 * 60 * MINUTE,
  account: { freeAttempts: 10, baseDelayMs: 250, maxDelayMs: 2_000 },
  accountWindowMs: 15 * MINUTE,
  warnOwnerAt: 5,
};

/** "1 second", "40 seconds", "2 minutes" — a wait as the refusal states it (rounded up). */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
