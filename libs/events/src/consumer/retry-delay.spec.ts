import { retryDelay } from './idempotent-consumer';

describe('retryDelay', () => {
  it('doubles from the base delay per attempt and stops at the cap', () => {
    expect([1, 2, 3, 4].map((a) => retryDelay(a, 200, 10_000))).toEqual([200, 400, 800, 1600]);
    expect(retryDelay(20, 200, 10_000)).toBe(10_000);
  });
});
