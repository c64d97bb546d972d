import { MemoryKeyValueStore } from '@loadout/cache';
import { type SignInThrottle } from '../domain/sign-in-throttle';
import { SignInLimiter } from './sign-in-limiter';

describe('sign-in limiter (ADR 0021)', () => {
  let now = 1_000_000;
  const throttle: SignInThrottle = {
    accountAtAddress: { freeAttempts: 2, baseDelayMs: 100, maxDelayMs: 400 },
    address: { freeAttempts: 4, baseDelayMs: 100, maxDelayMs: 400 },
    memoryMs: 60_000,
    account: { freeAttempts: 3, baseDelayMs: 10, maxDelayMs: 40 },
    accountWindowMs: 10_000,
    warnOwnerAt: 2,
  };
  const limiter = () =>
    new SignInLimiter(new MemoryKeyValueStore(1_000, () => now), throttle, () => now);
  /** One wrong password, as the credential check makes it. */
  const miss = async (l: SignInLimiter, email: string, ip: string) => {
    const d = await l.begin(email, ip);
    if (d.allowed) await l.failed(email);
    return d;
  };

  beforeEach(() => (now = 1_000_000));

  it('lets the free attempts through, then makes the same address wait longer each time', async () => {
    const l = limiter();
    expect(await miss(l, 'a@x.ie', '10.0.0.1')).toEqual({ allowed: true, delayMs: 0 });
    expect(await miss(l, 'A@x.ie', '10.0.0.1')).toEqual({ allowed: true, delayMs: 0 });
    expect(await l.begin('a@X.ie', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 100 });
    now += 100;
    expect((await miss(l, 'a@x.ie', '10.0.0.1')).allowed).toBe(true);
    expect(await l.begin('a@x.ie', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 200 });
    now += 200;
    expect((await miss(l, 'a@x.ie', '10.0.0.1')).allowed).toBe(true);
    now += 400;
    expect((await miss(l, 'a@x.ie', '10.0.0.1')).allowed).toBe(true);
    // Capped: never more than maxDelayMs.
    expect(await l.begin('a@x.ie', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 400 });
  });

  it('never makes the owner at another address wait for the guesser', async () => {
    const l = limiter();
    for (let i = 0; i < 2; i++) await miss(l, 'a@x.ie', '10.0.0.1');
    expect((await l.begin('a@x.ie', '10.0.0.1')).allowed).toBe(false);
    expect(await l.begin('a@x.ie', '10.0.0.2')).toEqual({ allowed: true, delayMs: 0 });
  });

  it('gives one of many concurrent attempts the place, and tells the others to wait', async () => {
    const l = limiter();
    const decisions = await Promise.all(
      Array.from({ length: 10 }, () => l.begin('a@x.ie', '10.0.0.1')),
    );
    expect(decisions.filter((d) => d.allowed)).toHaveLength(1);
    expect(decisions.filter((d) => !d.allowed)).toHaveLength(9);
  });

  it('slows an account guessed from many addresses, with a low cap, never refusing it', async () => {
    const l = limiter();
    for (let i = 0; i < 3; i++) await miss(l, 'a@x.ie', `10.0.1.${i}`);
    expect(await l.begin('a@x.ie', '10.0.9.1')).toEqual({ allowed: true, delayMs: 10 });
    for (let i = 0; i < 10; i++) await miss(l, 'a@x.ie', `10.0.2.${i}`);
    expect(await l.begin('a@x.ie', '10.0.9.2')).toEqual({ allowed: true, delayMs: 40 });
  });

  it('counts account-wide failures in a window (the owner is warned at a count)', async () => {
    const l = limiter();
    expect(await l.failed('a@x.ie')).toEqual({ accountFailures: 1 });
    expect(await l.failed('A@x.ie')).toEqual({ accountFailures: 2 });
    now += 10_001;
    expect(await l.failed('a@x.ie')).toEqual({ accountFailures: 1 });
  });

  it('makes an address that sprays many accounts wait', async () => {
    const l = limiter();
    for (let i = 0; i < 4; i++) await miss(l, `user${i}@x.ie`, '10.0.0.1');
    expect(await l.begin('fresh@x.ie', '10.0.0.1')).toEqual({ allowed: false, retryAfterMs: 100 });
    expect((await l.begin('fresh@x.ie', '10.0.0.2')).allowed).toBe(true);
  });

  it('clears the lane and the slow-down after a correct password; the address only gets its attempt back', async () => {
    const l = limiter();
    for (let i = 0; i < 2; i++) await miss(l, 'a@x.ie', '10.0.0.1');
    now += 100;
    expect((await l.begin('a@x.ie', '10.0.0.1')).allowed).toBe(true);
    await l.succeeded('a@x.ie', '10.0.0.1');
    expect(await l.begin('a@x.ie', '10.0.0.1')).toEqual({ allowed: true, delayMs: 0 });
    await l.succeeded('a@x.ie', '10.0.0.1');
    // The address spent 3 attempts and got 2 back: spraying one more account costs its place.
    for (let i = 0; i < 3; i++) await miss(l, `other${i}@x.ie`, '10.0.0.1');
    expect((await l.begin('b@x.ie', '10.0.0.1')).allowed).toBe(false);
  });

  it('forgets a lane after the memory period', async () => {
    const l = limiter();
    for (let i = 0; i < 2; i++) await miss(l, 'a@x.ie', '10.0.0.1');
    now += 60_001;
    expect((await l.begin('a@x.ie', '10.0.0.1')).allowed).toBe(true);
  });
});
