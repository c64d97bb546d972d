import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { UnitOfWork } from '@loadout/service-kit';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { expire } from '../domain/offer';
import { OfferRepository } from '../domain/offer-repository.port';

const MAX_PER_TICK = 500;

/**
 * Expires running offers whose 48 h passed. Each is claimed with `FOR UPDATE SKIP LOCKED` and
 * expired with its event in its own transaction, so any number of replicas can run it; an
 * accept holding the offer's lock is skipped, and is then refused or wins (never both).
 * Runs at the orders worker's interval (0 = off; tests call `expireDue()`).
 */
@Injectable()
export class OffersExpirer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(OffersExpirer.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = true;

  constructor(
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
    private readonly uow: UnitOfWork,
    private readonly offers: OfferRepository,
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
      this.expireDue()
        .catch((err: unknown) => this.log.error(`offer expiry failed: ${String(err)}`))
        .finally(() => {
          if (!this.stopped) this.schedule();
        });
    }, this.config.ORDERS_WORKER_INTERVAL_MS);
  }

  /** Expires every running offer whose time is up at `now`; returns how many. */
  async expireDue(now: Date = new Date()): Promise<number> {
    if (this.running) return this.running;
    this.running = (async () => {
      let n = 0;
      while (n < MAX_PER_TICK && (await this.expireOne(now))) n++;
      return n;
    })();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  private expireOne(now: Date): Promise<boolean> {
    return this.uow.transaction(async (tx) => {
      const due = await this.offers.claimLapsed(tx, now);
      if (!due) return false;
      const change = expire(due, now);
      if (!change) return false;
      await this.offers.save(tx, change, { actorId: null });
      return true;
    });
  }
}
