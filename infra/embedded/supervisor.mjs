// Keeps the processes of `npm start` running (issue 22 item 3, ADR 0026): a process that exits
// on its own is started again after a growing pause; one that keeps crashing (a crash loop) is
// given up on, and then the launcher stops everything and exits non-zero. Meanwhile the gateway
// answers 503 GATEWAY.UPSTREAM_UNAVAILABLE for that service in the house shape.

/** Pauses before the 1st, 2nd, … restart of a process within the crash window. */
export const DEFAULT_BACKOFF_MS = [500, 1_000, 2_000, 4_000, 8_000];

export class Supervisor {
  /**
   * @param {object} options
   * @param {(msg: string) => void} options.log why a process stopped and what happens next
   * @param {(name: string, why: string) => void} options.onGiveUp a crash loop: stop everything
   * @param {number[]} [options.backoffMs] pauses before successive restarts
   * @param {number} [options.maxCrashes] crashes within `windowMs` that make a crash loop
   * @param {number} [options.windowMs] how far back crashes count
   */
  constructor({
    log,
    onGiveUp,
    backoffMs = DEFAULT_BACKOFF_MS,
    maxCrashes = 5,
    windowMs = 60_000,
  }) {
    this.log = log;
    this.onGiveUp = onGiveUp;
    this.backoffMs = backoffMs;
    this.maxCrashes = maxCrashes;
    this.windowMs = windowMs;
    /** @type {Map<string, number[]>} crash times per process name */
    this.crashes = new Map();
    /** @type {Set<NodeJS.Timeout>} */
    this.pending = new Set();
    this.stopped = false;
  }

  /**
   * Called when `name` exited on its own (`why`: "exit 1", "SIGKILL"): starts it again with
   * `restart` after the next pause, or gives up when it crashed `maxCrashes` times within
   * `windowMs`. Returns the pause in ms, or null when it gave up (or is stopping).
   */
  crashed(name, why, restart) {
    if (this.stopped) return null;
    const now = Date.now();
    const recent = (this.crashes.get(name) ?? []).filter((t) => now - t < this.windowMs);
    recent.push(now);
    this.crashes.set(name, recent);
    if (recent.length >= this.maxCrashes) {
      const reason = `stopped ${recent.length} times within ${Math.round(this.windowMs / 1000)} s (last: ${why}), a crash loop`;
      this.log(`${name} ${reason}: giving up`);
      this.onGiveUp(name, reason);
      return null;
    }
    const delay = this.backoffMs[Math.min(recent.length - 1, this.backoffMs.length - 1)];
    this.log(
      `${name} stopped unexpectedly (${why}); restarting in ${delay} ms (crash ${recent.length} of ${this.maxCrashes} within ${Math.round(this.windowMs / 1000)} s)`,
    );
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      if (this.stopped) return;
      try {
        restart();
      } catch (err) {
        this.onGiveUp(name, `could not be restarted: ${err instanceof Error ? err.message : err}`);
      }
    }, delay);
    this.pending.add(timer);
    return delay;
  }

  /** No more restarts (shutdown). */
  stop() {
    this.stopped = true;
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }
}
