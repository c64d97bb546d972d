import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { UnitOfWork, type Tx } from '@loadout/service-kit';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { ApplyPaymentEventHandler } from '../apply-payment-event/apply-payment-event.handler';
import { IdempotencyRepository } from '../domain/idempotency-repository.port';
import { JobRepository } from '../domain/job-repository.port';
import { DueWorkReader } from '../domain/due-work.port';
import { PaymentEventRepository } from '../domain/payment-event-repository.port';
import { JobRunner } from './job-runner';

const backoff = (attempts: number) => Math.min(60_000, 500 * 2 ** Math.min(attempts, 7));
/** After this many failures (about 4 hours with the backoff) an item is parked for an admin. */
export const MAX_ATTEMPTS = 250;
const MAX_PER_TICK = 500;
/** A leased job is not taken by another worker for this long (then a dead worker's is). */
const JOB_LEASE_MS = 2 * 60_000;
/** Idempotency keys older than 24 h are purged this often (issue 23 scenario 9). */
const KEY_PURGE_EVERY_MS = 60 * 60_000;

/**
 * The service's background loop: applies due payment events from the inbox, then runs due
 * jobs (deadlines and side effects), each claimed with `FOR UPDATE SKIP LOCKED` in its own
 * transaction, so any number of replicas can run it. `ORDERS_WORKER_INTERVAL_MS=0` turns the
 * loop off (tests call `drain()` themselves).
 */
@Injectable()
export class OrdersWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(OrdersWorker.name);
  private timer: NodeJS.Timeout | null = null;
  /** When the scheduled tick runs (epoch ms; Infinity when none is scheduled). */
  private dueAt = Infinity;
  private running: Promise<number> | null = null;
  private stopped = true;
  private keysPurgedAt = 0;

  constructor(
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
    private readonly uow: UnitOfWork,
    private readonly inbox: PaymentEventRepository,
    private readonly jobs: JobRepository,
    private readonly due: DueWorkReader,
    private readonly applier: ApplyPaymentEventHandler,
    private readonly runner: JobRunner,
    private readonly keys: IdempotencyRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.ORDERS_WORKER_INTERVAL_MS <= 0) return;
    this.stopped = false;
    this.schedule(this.config.ORDERS_WORKER_INTERVAL_MS);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /**
   * Runs soon rather than at the next interval (after a commit that queued work), or in `inMs`
   * (work that becomes due then); never later than the tick already scheduled.
   */
  wake(inMs = 0): void {
    if (!this.stopped && Date.now() + inMs < this.dueAt) this.schedule(Math.max(0, inMs));
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = Date.now() + ms;
    // tick() catches what drain() throws; this catch is for a throw outside it.
    this.timer = setTimeout(() => {
      this.tick().catch((err: unknown) => this.log.error(`worker tick failed: ${String(err)}`));
    }, ms);
  }

  private async tick(): Promise<void> {
    this.timer = null;
    this.dueAt = Infinity;
    try {
      await this.drain();
      if (Date.now() - this.keysPurgedAt >= KEY_PURGE_EVERY_MS) await this.purgeIdempotencyKeys();
    } catch (err) {
      this.log.error(`worker tick failed: ${String(err)}`);
    }
    if (!this.stopped && !this.timer) this.schedule(this.config.ORDERS_WORKER_INTERVAL_MS);
  }

  /**
   * Processes everything due now; returns how many items it handled. In rounds: one look
   * counts what is due (an idle drain is that one lone read), then that many items are claimed
   * at once, up to `ORDERS_WORKER_CONCURRENCY` (ADR 0066), so a burst (50 payments confirmed at
   * once) is applied several at a time and no claim is sent for nothing. Payment events go
   * before jobs: a round with events due runs no job (a payment's success is applied before
   * its order's expiry). Claims use `FOR UPDATE SKIP LOCKED`, as replicas do, so no two take
   * the same item; a round whose claims all find nothing (another replica took them) ends it.
   */
  async drain(): Promise<number> {
    if (this.running) return this.running;
    this.running = (async () => {
      const most = this.config.ORDERS_WORKER_CONCURRENCY;
      let n = 0;
      while (n < MAX_PER_TICK) {
        const due = await this.uow.read((tx) => this.due.look(tx, most));
        const claims =
          due.events > 0
            ? Array.from({ length: due.events }, () => this.applyOneEvent())
            : Array.from({ length: due.jobs }, () => this.runOneJob());
        if (claims.length === 0) return n;
        const results = await Promise.allSettled(claims);
        const failed = results.find((r) => r.status === 'rejected');
        if (failed) throw failed.reason;
        const done = results.filter((r) => r.status === 'fulfilled' && r.value).length;
        if (done === 0) return n;
        n += done;
      }
      return n;
    })();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Forgets the idempotency keys of every user older than 24 h; returns how many. */
  async purgeIdempotencyKeys(): Promise<number> {
    this.keysPurgedAt = Date.now();
    return this.uow.read((tx) => this.keys.purgeExpired(tx));
  }

  /** One payment event, applied in its own transaction; false when none is due. */
  private async applyOneEvent(): Promise<boolean> {
    return this.claimAndRun(
      'payment event',
      // Claiming marks the event processed in the same transaction as applying it.
      (tx) => this.inbox.claimDue(tx),
      (tx, e) => this.applier.apply(tx, e.event),
      (tx, e, error) =>
        e.attempts + 1 >= MAX_ATTEMPTS
          ? this.inbox.park(tx, e.id, error)
          : this.inbox.retryLater(tx, e.id, error, backoff(e.attempts)),
    );
  }

  /**
   * One due job, leased then run (its own transactions, see JobRunner); false when none is
   * due. A failure postpones it with backoff, and parks it after MAX_ATTEMPTS (admins list,
   * retry or discard parked jobs: `internal/jobs/parked`); a wait postpones it uncounted. The
   * lease and the postponements are lone statements: each commits on its own (`uow.read`).
   */
  private async runOneJob(): Promise<boolean> {
    const job = await this.uow.read((tx) => this.jobs.lease(tx, JOB_LEASE_MS));
    if (!job) return false;
    try {
      const outcome = await this.runner.run(job);
      // A wait (payout onboarding, an open chargeback) is no failure: attempts stay (sc. 7).
      if (!outcome.done)
        await this.uow.read((tx) =>
          this.jobs.waitLater(tx, job, outcome.reason, outcome.retryInMs),
        );
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      this.log.warn(`job ${job.id} failed (attempt ${job.attempts + 1}): ${error}`);
      const parked = job.attempts + 1 >= MAX_ATTEMPTS;
      if (parked)
        this.log.error(`job ${job.id} (${job.kind}, order ${job.orderId}) parked: ${error}`);
      await this.uow.read((tx) =>
        parked
          ? this.jobs.park(tx, job.id, error)
          : this.jobs.retryLater(tx, job.id, error, backoff(job.attempts)),
      );
    }
    return true;
  }

  /**
   * Claims one item and runs it in one transaction. When the work fails, that transaction
   * rolls back (with everything the work wrote) and a lone statement postpones the item.
   */
  private async claimAndRun<T extends { id: string; attempts: number }>(
    what: string,
    claim: (tx: Tx) => Promise<T | null>,
    work: (tx: Tx, item: T) => Promise<void>,
    postpone: (tx: Tx, item: T, error: string) => Promise<void>,
  ): Promise<boolean> {
    const state: { failed: { item: T; error: string } | null } = { failed: null };
    const found = await this.uow
      .transaction(async (tx) => {
        const item = await claim(tx);
        if (!item) return false;
        try {
          await work(tx, item);
        } catch (err) {
          state.failed = { item, error: err instanceof Error ? err.message : String(err) };
          throw err;
        }
        return true;
      })
      .catch((err: unknown) => {
        if (!state.failed) throw err;
        return true;
      });
    const failed = state.failed;
    if (failed) {
      this.log.warn(
        `${what} ${failed.item.id} failed (attempt ${failed.item.attempts + 1}): ${failed.error}`,
      );
      await this.uow.read((tx) => postpone(tx, failed.item, failed.error));
    }
    return found;
  }
}
