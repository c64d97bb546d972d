import { Inject, Injectable } from '@nestjs/common';
import { type ListingHoldsResponse } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { CheckoutIntentRepository } from '../domain/checkout-intent-repository.port';
import { listingHoldOf } from '../domain/listing-hold';
import { OrderRepository } from '../domain/order-repository.port';

/**
 * For each order id: should its listing stay reserved, be released or be marked sold? Stale
 * checkout intents are taken first, so a checkout still running cannot commit an order after
 * its reservation was released; orders are read after that.
 */
@Injectable()
export class ListingHoldsHandler {
  constructor(
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
    private readonly uow: UnitOfWork,
    private readonly intents: CheckoutIntentRepository,
    private readonly orders: OrderRepository,
  ) {}

  holds(orderIds: string[]): Promise<ListingHoldsResponse> {
    const ids = [...new Set(orderIds)];
    return this.uow.transaction(async (tx) => {
      const fresh = await this.intents.freshOrTake(
        tx,
        ids,
        this.config.ORDERS_CHECKOUT_INTENT_TTL_SECONDS * 1_000,
      );
      const found = new Map((await this.orders.findByIds(tx, ids)).map((o) => [o.id, o]));
      const holds: ListingHoldsResponse['holds'] = {};
      for (const id of ids) {
        const o = found.get(id);
        holds[id] = listingHoldOf(
          o ? { status: o.status, shipped: o.props.shippedAt !== null } : null,
          fresh.has(id),
        );
      }
      return { holds };
    });
  }
}
