import { type KeyValueStore } from '@loadout/cache';

export interface SharedWindowCounterOptions {
  /** How long hits wait in process before they are sent to the store in one batch. */
  flushMs?: number;
  /** Clients kept per window; past that the one seen first is forgotten. */
  maxKeys?: number;
  now?: () => number;
  /** Told when a batch could not be sent; its hits are sent with the next one. */
  onFlushError?: (err: unknown) => void;
  /** Told when a batch reached the store. */
  onFlushed?: () => void;
}

/**
 * Hits per key in fixed windows aligned to the clock, shared by every replica through the
 * store without a round trip per request (ADR 0054). A hit is counted at once in process and
 * answered from what is known: the shared total at the last exchange plus this replica's hits
 * since. Every `flushMs` the hits gathered are added to the shared counters in one batch, which
 * brings back the totals every replica has sent. So a client spread over R replicas can pass
 * the limit by at most what R − 1 replicas let through in one `flushMs`; a client on one replica
 * is counted exactly. If the store is away, each replica goes on counting on its own and sends
 * the hits when it is back.
 */
export class SharedWindowCounter {
  private window = -1;
  /** Shared total per key at the last exchange (this replica's sent hits included). */
  private readonly shared = new Map<string, number>();
  /** Hits gathered since the last batch left. */
  private unsent = new Map<string, number>();
  /** The batch on its way to the store. */
  private sending: Map<string, number> | null = null;
  private sendingWindow = -1;
  private timer: NodeJS.Timeout | null = null;
  private readonly flushMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;

  constructor(
    private readonly store: Pick<KeyValueStore, 'addCounts'>,
    private readonly windowMs: number,
    private readonly options: SharedWindowCounterOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 100;
    this.maxKeys = options.maxKeys ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  /** Counts one hit of `key` and returns its hits in the current window, as known now. */
  hit(key: string): number {
    this.roll();
    const unsent = (this.unsent.get(key) ?? 0) + 1;
    this.unsent.set(key, unsent);
    this.schedule();
    const inFlight = this.sendingWindow === this.window ? (this.sending?.get(key) ?? 0) : 0;
    return (this.shared.get(key) ?? 0) + inFlight + unsent;
  }

  /** Milliseconds until the current window ends. */
  resetMs(): number {
    return (this.window + 1) * this.windowMs - this.now();
  }

  /** Sends the hits gathered so far (the timer does this; tests and shutdown call it). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.sending || this.unsent.size === 0) return;
    const window = this.window;
    const batch = this.unsent;
    this.unsent = new Map();
    this.sending = batch;
    this.sendingWindow = window;
    const keyed = new Map<string, number>();
    for (const [key, n] of batch) keyed.set(`${window}:${key}`, n);
    try {
      const totals = await this.store.addCounts(keyed, this.windowMs);
      this.options.onFlushed?.();
      if (window === this.window) {
        for (const key of batch.keys()) this.remember(key, totals.get(`${window}:${key}`) ?? 0);
      }
    } catch (err) {
      // Not lost: the batch's hits still count here and go with the next batch.
      if (window === this.window) {
        for (const [key, n] of batch) this.unsent.set(key, (this.unsent.get(key) ?? 0) + n);
      }
      this.options.onFlushError?.(err);
    } finally {
      this.sending = null;
      if (this.unsent.size > 0) this.schedule();
    }
  }

  /** Stops the timer; hits not yet sent are dropped (the window is short). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer || this.sending) return;
    this.timer = setTimeout(() => {
      this.flush().catch((err: unknown) => this.options.onFlushError?.(err));
    }, this.flushMs);
    this.timer.unref();
  }

  private roll(): void {
    const window = Math.floor(this.now() / this.windowMs);
    if (window === this.window) return;
    this.window = window;
    this.shared.clear();
    this.unsent.clear();
  }

  private remember(key: string, total: number): void {
    if (!this.shared.has(key) && this.shared.size >= this.maxKeys) {
      const oldest = this.shared.keys().next().value;
      if (oldest !== undefined) this.shared.delete(oldest);
    }
    this.shared.set(key, total);
  }
}
