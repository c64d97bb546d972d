import { Inject, Injectable } from '@nestjs/common';
import { type Tx, UnitOfWork } from '@loadout/service-kit';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { DueItemsSweeper } from '../../shared/due-items-sweeper';
import { expire } from '../domain/offer';
import { OfferRepository } from '../domain/offer-repository.port';

/**
 * Expires running offers whose 48 h passed, one transaction each, at the orders worker's
 * interval. An accept holding the offer's lock is skipped (SKIP LOCKED), and is then refused or
 * wins (never both).
 */
@Injectable()
export class OffersExpirer extends DueItemsSweeper {
  constructor(
    @Inject(ORDERS_CONFIG) config: OrdersConfig,
    uow: UnitOfWork,
    private readonly offers: OfferRepository,
  ) {
    super(uow, config.ORDERS_WORKER_INTERVAL_MS, 'offer expiry');
  }

  /** Expires every running offer whose time is up at `now`; returns how many. */
  expireDue(now?: Date): Promise<number> {
    return this.sweepDue(now);
  }

  protected async handleOne(tx: Tx, now: Date): Promise<boolean> {
    const due = await this.offers.claimLapsed(tx, now);
    if (!due) return false;
    const change = expire(due, now);
    if (!change) return false;
    await this.offers.save(tx, change, { actorId: null });
    return true;
  }
}
