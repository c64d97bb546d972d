import { Inject, Injectable } from '@nestjs/common';
import { type Tx, UnitOfWork } from '@loadout/service-kit';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { DueItemsSweeper } from '../../shared/due-items-sweeper';
import { publishAtWindowClose } from '../domain/review';
import { ReviewRepository } from '../domain/review-repository.port';

/**
 * Publishes hidden reviews whose window has closed (one party never reviewed), one transaction
 * each, at the orders worker's interval.
 */
@Injectable()
export class ReviewsPublisher extends DueItemsSweeper {
  constructor(
    @Inject(ORDERS_CONFIG) config: OrdersConfig,
    uow: UnitOfWork,
    private readonly reviews: ReviewRepository,
  ) {
    super(uow, config.ORDERS_WORKER_INTERVAL_MS, 'review publishing');
  }

  /** Publishes every review due at `now`; returns how many. */
  publishDue(now?: Date): Promise<number> {
    return this.sweepDue(now);
  }

  protected async handleOne(tx: Tx, now: Date): Promise<boolean> {
    const due = await this.reviews.claimDue(tx, now);
    if (!due) return false;
    const published = publishAtWindowClose(due, now);
    if (!published) return false;
    await this.reviews.publish(tx, [published], { actorId: null });
    return true;
  }
}
