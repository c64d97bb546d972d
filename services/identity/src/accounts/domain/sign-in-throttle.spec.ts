import { describeWait, SIGN_IN_THROTTLE, waitAfterAttempts } from './sign-in-throttle';

describe('sign-in throttle (ADR 0021)', () => {
  const policy = { freeAttempts: 3, baseDelayMs: 1_000, maxDelayMs: 10_000 };

  it('lets the free attempts through, then doubles the wait up to the cap', () => {
    expect([0, 1, 2].map((n) => waitAfterAttempts(n, policy))).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6, 7, 20].map((n) => waitAfterAttempts(n, policy))).toEqual([
      1_000, 2_000, 4_000, 8_000, 10_000, 10_000,
    ]);
  });

  it('never keeps the owner at the guessing address waiting more than 15 minutes', () => {
    expect(waitAfterAttempts(1_000, SIGN_IN_THROTTLE.accountAtAddress)).toBe(15 * 60_000);
    // Six wrong passwords (issue 22): a 2-second wait, not a 15-minute lock.
    expect(waitAfterAttempts(6, SIGN_IN_THROTTLE.accountAtAddress)).toBe(2_000);
  });

  it('slows an account across addresses with a low cap', () => {
    const slowdown = SIGN_IN_THROTTLE.account;
    expect(waitAfterAttempts(9, slowdown)).toBe(0);
    expect(waitAfterAttempts(10, slowdown)).toBe(250);
    expect(waitAfterAttempts(12, slowdown)).toBe(1_000);
    expect(waitAfterAttempts(500, slowdown)).toBe(2_000);
  });

  it('states a wait in words, rounded up', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(1_000)).toBe('1 second');
    expect(describeWait(1_001)).toBe('2 seconds');
    expect(describeWait(59_000)).toBe('59 seconds');
    expect(describeWait(60_000)).toBe('1 minute');
    expect(describeWait(61_000)).toBe('2 minutes');
    expect(describeWait(15 * 60_000)).toBe('15 minutes');
  });
});
