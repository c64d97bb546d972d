import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Tx } from '@loadout/service-kit';
import { OrderPlacedHooks, type PlacedOrder } from '../../escrow/checkout/order-placed-hooks';
import { closeFor } from '../domain/offer';
import { OfferWorkflow } from '../offer-workflow';

/**
 * Another order took the listing (an accepted offer, or a checkout at the asking price): every
 * other running offer on it closes, with its reason and `orders.offer.closed.v1`, in the
 * transaction that writes that order (ADR 0037). If that order is never paid, the listing is
 * released as usual; the closed offers stay closed and their buyers may offer again.
 */
@Injectable()
export class CloseListingOffersHandler implements OnModuleInit {
  constructor(
    private readonly hooks: OrderPlacedHooks,
    private readonly workflow: OfferWorkflow,
  ) {}

  onModuleInit(): void {
    this.hooks.register(async (tx, placed) => {
      await this.close(tx, placed);
    });
  }

  close(tx: Tx, placed: PlacedOrder): Promise<number> {
    const taking = { buyerId: placed.order.buyerId, byOffer: placed.byOffer };
    return this.workflow.closeRunningOn(
      tx,
      placed.order.listingId,
      (offer, now) => closeFor(offer, taking, now),
      placed.requestId,
    );
  }
}
