import { Inject, Injectable } from '@nestjs/common';
import { type Tx, UnitOfWork } from '@loadout/service-kit';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { DueItemsSweeper } from '../../shared/due-items-sweeper';
import { addressErasableBefore } from '../domain/privacy-rules';
import { OrdersPrivacyRepository } from '../persistence/privacy.repository';

/**
 * Issue 25 item 1 (ADR 0029, 0039): the delivery address snapshot of an order is erased 90 days
 * after the order is final, one order a transaction at the orders worker's interval (SKIP
 * LOCKED: replicas share it). The county stays in `delivery_area`; amounts and dates stay.
 */
@Injectable()
export class DeliveryAddressEraser extends DueItemsSweeper {
  constructor(
    @Inject(ORDERS_CONFIG) config: OrdersConfig,
    uow: UnitOfWork,
    private readonly privacy: OrdersPrivacyRepository,
  ) {
    super(uow, config.ORDERS_WORKER_INTERVAL_MS, 'delivery address erasure');
  }

  /** Erases every address past its retention at `now` (at most 500 a call); returns how many. */
  eraseDue(now?: Date): Promise<number> {
    return this.sweepDue(now);
  }

  protected handleOne(tx: Tx, now: Date): Promise<boolean> {
    return this.privacy.eraseOneExpiredAddress(tx, addressErasableBefore(now), now);
  }
}
