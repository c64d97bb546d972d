import { type KeyValueStore } from '@loadout/cache';
import {
  SIGN_IN_THROTTLE,
  waitAfterAttempts,
  type BackoffPolicy,
  type SignInThrottle,
} from '../domain/sign-in-throttle';

/** Attempts of one throttled key, and when its next attempt may start. */
interface Lane {
  attempts: number;
  openAt: number;
  /** Bumped on every write: names the single claim each state of the lane allows. */
  version: number;
}

const EMPTY: Lane = { attempts: 0, openAt: 0, version: 0 };
/** What a request that lost the claim to a concurrent one is told to wait. */
const LOST_CLAIM_WAIT_MS = 1_000;
const CLAIM_TTL_MS = 60_000;

export type SignInDecision =
  { allowed: false; retryAfterMs: number } | { allowed: true; delayMs: number };

/**
 * ADR 0021 over the key-value store (in-process, or Redis across replicas). Two lanes are
 * throttled with growing waits — the account at this address, and this address over all
 * accounts — and the account as a whole is only slowed down. An attempt takes its place in
 * both lanes before the password is checked (as if it failed); concurrent attempts race for
 * that place through an atomic counter, so a burst gets one attempt per opening, not one each.
 */
export class SignInLimiter {
  constructor(
    private readonly store: KeyValueStore,
    private readonly throttle: SignInThrottle = SIGN_IN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  private keys(email: string, ip: string) {
    const account = email.trim().toLowerCase();
    return {
      pair: `signin:pair:${account}:${ip}`,
      ip: `signin:ip:${ip}`,
      account: `signin:acct:${account}`,
    };
  }

  /** Takes this attempt's place, or says how long to wait; `delayMs` slows the whole account. */
  async begin(email: string, ip: string): Promise<SignInDecision> {
    const k = this.keys(email, ip);
    const [pair, byIp] = await Promise.all([this.read(k.pair), this.read(k.ip)]);
    const now = this.now();
    const wait = Math.max(pair.openAt, byIp.openAt) - now;
    if (wait > 0) return { allowed: false, retryAfterMs: wait };
    if (!(await this.claim(k.ip, byIp)) || !(await this.claim(k.pair, pair))) {
      return { allowed: false, retryAfterMs: LOST_CLAIM_WAIT_MS };
    }
    await Promise.all([
      this.advance(k.pair, pair, this.throttle.accountAtAddress, now),
      this.advance(k.ip, byIp, this.throttle.address, now),
    ]);
    const failures = Number((await this.store.get(k.account)) ?? 0);
    return { allowed: true, delayMs: waitAfterAttempts(failures, this.throttle.account) };
  }

  /** A wrong password: counts against the account as a whole; returns its count in the window. */
  async failed(email: string): Promise<{ accountFailures: number }> {
    const { count } = await this.store.hit(
      this.keys(email, '').account,
      this.throttle.accountWindowMs,
    );
    return { accountFailures: count };
  }

  /**
   * A correct password clears the account's lane at this address and its slow-down. The
   * address gets back the attempt it spent but keeps the rest: it may be spraying other
   * accounts, and one sign-in of its own must not open its gate.
   */
  async succeeded(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    const [pair, byIp] = await Promise.all([this.read(k.pair), this.read(k.ip)]);
    await Promise.all([
      this.store.del(k.account),
      // Reset, not deleted: a new version, since the claims of old versions are still counted.
      this.write(k.pair, { attempts: 0, openAt: 0, version: pair.version + 1 }),
      byIp.attempts > 0
        ? this.write(k.ip, { ...byIp, attempts: byIp.attempts - 1, version: byIp.version + 1 })
        : Promise.resolve(),
    ]);
  }

  private async read(key: string): Promise<Lane> {
    const raw = await this.store.get(key);
    if (!raw) return EMPTY;
    try {
      const lane = JSON.parse(raw) as Partial<Lane>;
      return {
        attempts: Number(lane.attempts) || 0,
        openAt: Number(lane.openAt) || 0,
        version: Number(lane.version) || 0,
      };
    } catch {
      return EMPTY;
    }
  }

  /** True for the one request that read this version of the lane first. */
  private async claim(key: string, lane: Lane): Promise<boolean> {
    const { count } = await this.store.hit(`${key}:claim:${lane.version}`, CLAIM_TTL_MS);
    return count === 1;
  }

  private advance(key: string, lane: Lane, policy: BackoffPolicy, now: number): Promise<void> {
    const attempts = lane.attempts + 1;
    return this.write(key, {
      attempts,
      openAt: now + waitAfterAttempts(attempts, policy),
      version: lane.version + 1,
    });
  }

  private write(key: string, lane: Lane): Promise<void> {
    return this.store.set(key, JSON.stringify(lane), this.throttle.memoryMs);
  }
}
