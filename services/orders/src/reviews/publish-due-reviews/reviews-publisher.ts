import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { publishAtWindowClose } from '../domain/review';
import { ReviewRepository } from '../domain/review-repository.port';

const MAX_PER_TICK = 500;

/**
 * Publishes hidden reviews whose window has closed (one party never reviewed). Each is claimed
 * with `FOR UPDATE SKIP LOCKED` and published with its event in its own transaction, so any
 * number of replicas can run it. Runs at the orders worker's interval (0 = off; tests call
 * `publishDue()`).
 */
@Injectable()
export class ReviewsPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(ReviewsPublisher.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;

  constructor(
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
    private readonly uow: UnitOfWork,
    private readonly reviews: ReviewRepository,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.ORDERS_WORKER_INTERVAL_MS <= 0) return;
    this.stopped = false;
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.publishDue()
        .catch((err: unknown) => this.log.error(`review publishing failed: ${String(err)}`))
        .finally(() => {
          if (!this.stopped) this.schedule();
        });
    }, this.config.ORDERS_WORKER_INTERVAL_MS);
  }

  /** Publishes every review due at `now`; returns how many. */
  async publishDue(now: Date = new Date()): Promise<number> {
    if (this.running) return this.running;
    this.running = (async () => {
      let n = 0;
      while (n < MAX_PER_TICK && (await this.publishOne(now))) n++;
      return n;
    })();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private publishOne(now: Date): Promise<boolean> {
    return this.uow.transaction(async (tx) => {
      const due = await this.reviews.claimDue(tx, now);
      if (!due) return false;
      const published = publishAtWindowClose(due, now);
      if (!published) return false;
      await this.reviews.publish(tx, [published], { actorId: null });
      return true;
    });
  }
}
