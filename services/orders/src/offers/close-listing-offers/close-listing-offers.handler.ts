import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type Tx } from '@loadout/service-kit';
import { OrderPlacedHooks, type PlacedOrder } from '../../escrow/checkout/order-placed-hooks';
import { closeFor } from '../domain/offer';
import { OfferRepository } from '../domain/offer-repository.port';

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
    private readonly offers: OfferRepository,
  ) {}

  onModuleInit(): void {
    this.hooks.register(async (tx, placed) => {
      await this.close(tx, placed);
    });
  }

  async close(tx: Tx, placed: PlacedOrder): Promise<number> {
    const running = await this.offers.lockRunningOnListing(tx, placed.order.listingId);
    const now = new Date();
    let closed = 0;
    for (const offer of running) {
      const change = closeFor(
        offer,
        { buyerId: placed.order.buyerId, byOffer: placed.byOffer },
        now,
      );
      if (!change) continue;
      await this.offers.save(tx, change, { actorId: null, requestId: placed.requestId });
      closed++;
    }
    return closed;
  }
}
