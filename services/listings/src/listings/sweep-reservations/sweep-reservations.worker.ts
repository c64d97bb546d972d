import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LISTINGS_CONFIG, type ListingsConfig } from '../../listings.config';
import { OrdersHoldsClient } from './orders-holds.client';
import { SweepReservationsHandler } from './sweep-reservations.handler';

/** Runs the reservation sweep every `RESERVATION_SWEEP_INTERVAL_MS` when orders is known. */
@Injectable()
export class SweepReservationsWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(SweepReservationsWorker.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    @Inject(LISTINGS_CONFIG) private readonly config: ListingsConfig,
    private readonly orders: OrdersHoldsClient,
    private readonly handler: SweepReservationsHandler,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RESERVATION_SWEEP_INTERVAL_MS <= 0) return;
    if (!this.orders.configured) {
      this.log.warn('ORDERS_URL or INTERNAL_API_TOKEN unset: stale reservations are not swept');
      return;
    }
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.running = this.handler
        .sweep()
        .then((n) => {
          if (n > 0) this.log.log(`reservation sweep released or sold ${n} listing(s)`);
        })
        .catch((err: unknown) => this.log.warn(`reservation sweep failed: ${String(err)}`))
        .finally(() => {
          this.running = null;
          if (this.timer) this.schedule();
        });
    }, this.config.RESERVATION_SWEEP_INTERVAL_MS);
  }
}
