import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type Tx, type UnitOfWork } from '@loadout/service-kit';

const MAX_PER_TICK = 500;

/**
 * A sweep of due items (lapsed offers, reviews whose window closed): every `intervalMs` it
 * handles due items one transaction each, up to 500 a tick. `handleOne` claims one item with
 * `FOR UPDATE SKIP LOCKED` and applies its change with its event, so any number of replicas can
 * sweep. `intervalMs` 0 = off (tests call `sweepDue()`); a sweep never overlaps itself.
 */
export abstract class DueItemsSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(this.constructor.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;

  protected constructor(
    private readonly uow: UnitOfWork,
    private readonly intervalMs: number,
    /** Said in the log line of a failed sweep ("offer expiry"). */
    private readonly what: string,
  ) {}

  /** Claims one due item and applies its change in `tx`; false when none is left. */
  protected abstract handleOne(tx: Tx, now: Date): Promise<boolean>;

  onApplicationBootstrap(): void {
    if (this.intervalMs <= 0) return;
    this.stopped = false;
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** Handles every item due at `now` (at most 500); returns how many. */
  async sweepDue(now: Date = new Date()): Promise<number> {
    if (this.running) return this.running;
    this.running = (async () => {
      let n = 0;
      while (n < MAX_PER_TICK && (await this.uow.transaction((tx) => this.handleOne(tx, now)))) n++;
      return n;
    })();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.sweepDue()
        .catch((err: unknown) => this.log.error(`${this.what} failed: ${String(err)}`))
        .finally(() => {
          if (!this.stopped) this.schedule();
        });
    }, this.intervalMs);
  }
}
