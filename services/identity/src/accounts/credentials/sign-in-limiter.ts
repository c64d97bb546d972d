import { type KeyValueStore } from '@loadout/cache';

export interface SignInLimits {
  /** Failures of one account from one address before that pair is refused. */
  perAccountAndIp: number;
  /** Failures from one address (any accounts) before it is refused. */
  perIp: number;
  /** Account-wide failures (all addresses) after which each attempt is slowed down. */
  slowAfter: number;
  /** First delay once slowed (doubles per further failure), and its cap. */
  baseDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

/**
 * Domain "Accounts", ADR 0010: a stranger cannot lock a victim out. Hard limits are per
 * account+address and per address; across addresses an account is only slowed down
 * (progressive delay), never locked, so its owner can still sign in from their own address.
 */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAccountAndIp: 5,
  perIp: 20,
  slowAfter: 10,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  windowMs: 15 * 60 * 1000,
};

export type SignInDecision = { blocked: true } | { blocked: false; delayMs: number };

export class SignInLimiter {
  constructor(
    private readonly store: KeyValueStore,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  private keys(email: string, ip: string) {
    const account = email.trim().toLowerCase();
    return {
      pair: `signin:pair:${account}:${ip}`,
      ip: `signin:ip:${ip}`,
      account: `signin:acct:${account}`,
    };
  }

  /** Refused outright (pair or address over its limit), or allowed after `delayMs`. */
  async decide(email: string, ip: string): Promise<SignInDecision> {
    const k = this.keys(email, ip);
    const [pair, byIp, account] = (
      await Promise.all([this.store.get(k.pair), this.store.get(k.ip), this.store.get(k.account)])
    ).map((v) => Number(v ?? 0));
    if (pair! >= this.limits.perAccountAndIp || byIp! >= this.limits.perIp)
      return { blocked: true };
    const over = account! - this.limits.slowAfter;
    const delayMs =
      over < 0 ? 0 : Math.min(this.limits.baseDelayMs * 2 ** over, this.limits.maxDelayMs);
    return { blocked: false, delayMs };
  }

  async failed(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await Promise.all([
      this.store.hit(k.pair, this.limits.windowMs),
      this.store.hit(k.ip, this.limits.windowMs),
      this.store.hit(k.account, this.limits.windowMs),
    ]);
  }

  /**
   * A correct password clears this address's counter for the account and the account-wide
   * slow-down (the address's own counter keeps counting: it may be spraying other accounts).
   */
  async succeeded(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await Promise.all([this.store.del(k.pair), this.store.del(k.account)]);
  }
}
