import { type KeyValueStore } from '@loadout/cache';

export interface SignInLimits {
  perAccount: number;
  perIp: number;
  windowMs: number;
}

/** Domain "Accounts": failed sign-ins are limited per account and per IP (fixed windows). */
export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = {
  perAccount: 5,
  perIp: 20,
  windowMs: 15 * 60 * 1000,
};

export class SignInLimiter {
  constructor(
    private readonly store: KeyValueStore,
    private readonly limits: SignInLimits = DEFAULT_SIGN_IN_LIMITS,
  ) {}

  private keys(email: string, ip: string) {
    return { account: `signin:acct:${email.trim().toLowerCase()}`, ip: `signin:ip:${ip}` };
  }

  /** True when either counter has reached its limit in the current window. */
  async blocked(email: string, ip: string): Promise<boolean> {
    const k = this.keys(email, ip);
    const [account, byIp] = await Promise.all([this.store.get(k.account), this.store.get(k.ip)]);
    return Number(account ?? 0) >= this.limits.perAccount || Number(byIp ?? 0) >= this.limits.perIp;
  }

  async failed(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await Promise.all([
      this.store.hit(k.account, this.limits.windowMs),
      this.store.hit(k.ip, this.limits.windowMs),
    ]);
  }

  /** A correct password clears the account's counter (the IP's keeps counting). */
  async succeeded(email: string): Promise<void> {
    await this.store.del(this.keys(email, '').account);
  }
}
