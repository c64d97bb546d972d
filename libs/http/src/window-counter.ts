/**
 * Hits per key in fixed windows aligned to the clock, in this process (the gateway's rate limit
 * per client; messaging's sends over a socket per user): a number per client,
 * incremented in place (no allocation for a client already seen in the window), all reset at
 * once when the window rolls over. At most `maxKeys` clients per window; past that the one
 * seen first is forgotten (as the old in-process store did).
 */
export class WindowCounter {
  private window = -1;
  private readonly counts = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit of `key` and returns its hits in the current window. */
  hit(key: string): number {
    const window = Math.floor(this.now() / this.windowMs);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count === 1 && this.counts.size >= this.maxKeys) {
      const oldest = this.counts.keys().next().value;
      if (oldest !== undefined) this.counts.delete(oldest);
    }
    this.counts.set(key, count);
    return count;
  }

  /** Milliseconds until the current window ends. */
  resetMs(): number {
    return (this.window + 1) * this.windowMs - this.now();
  }
}
