import { Injectable } from '@nestjs/common';
import { type Tx } from '@loadout/service-kit';
import { type Order } from '../domain/order';

/** What another area learns of an order checkout is writing (inside its transaction). */
export interface PlacedOrder {
  order: Order;
  /** The order is an accepted offer's (else a checkout at the asking price). */
  byOffer: boolean;
  actorId: string;
  requestId?: string;
}

export type OrderPlacedHook = (tx: Tx, placed: PlacedOrder) => Promise<void>;

/**
 * Steps other areas take in the transaction that writes a new order, after the order itself
 * (the offers area closes the listing's other running offers: ADR 0037). The escrow knows
 * nothing of those areas: they register at boot, as the disputes area registers its job.
 * A hook that throws rolls the order back and checkout releases the reservation.
 */
@Injectable()
export class OrderPlacedHooks {
  private readonly hooks: OrderPlacedHook[] = [];

  register(hook: OrderPlacedHook): void {
    this.hooks.push(hook);
  }

  async run(tx: Tx, placed: PlacedOrder): Promise<void> {
    for (const hook of this.hooks) await hook(tx, placed);
  }
}
