interface Waiter {
  wakeable: boolean;
  done: () => void;
}

/**
 * Lets a polling loop sleep until its interval ends, a wake-up arrives (NOTIFY), or it
 * is closed. A wake-up that arrives while the loop is busy is remembered, so a
 * notification between "read found nothing" and "start waiting" is never lost.
 */
export class Wakeup {
  private pending = false;
  private closed = false;
  private readonly waiters = new Set<Waiter>();

  wake(): void {
    const wakeable = [...this.waiters].filter((w) => w.wakeable);
    if (wakeable.length === 0) this.pending = true;
    for (const w of wakeable) w.done();
  }

  /**
   * Forgets a remembered wake-up: call it right before a look that will see everything a
   * wake-up so far announced (a NOTIFY arrives after its commit), so that look answers it and
   * the next wait does not end at once for rows already read.
   */
  answered(): void {
    this.pending = false;
  }

  close(): void {
    this.closed = true;
    for (const w of [...this.waiters]) w.done();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Resolves after `ms`, on `wake()`, or on `close()`, whichever comes first. */
  wait(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return this.timed(ms, true);
  }

  /** Resolves after `ms` or on `close()`; wake-ups do not shorten a back-off. */
  sleep(ms: number): Promise<void> {
    return this.timed(ms, false);
  }

  private timed(ms: number, wakeable: boolean): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const waiter: Waiter = {
        wakeable,
        done: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, ms);
      this.waiters.add(waiter);
    });
  }
}
