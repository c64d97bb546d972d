import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { inConsumerTransaction } from '@loadout/service-kit';
import { CloseRemovedListingOffersHandler } from './close-removed-listing-offers.handler';

/**
 * Listings' `listings.listing.removed.v1` (group `orders`, once per event id, in the consumer's
 * transaction): the running offers on a withdrawn or removed listing close.
 */
@Controller()
export class CloseRemovedListingOffersController {
  constructor(private readonly handler: CloseRemovedListingOffersHandler) {}

  @EventPattern('listings.listing.removed.v1')
  async onRemoved(
    @Payload() event: EventOf<'listings.listing.removed.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await inConsumerTransaction(ctx.getTransaction(), (tx) =>
      this.handler.close(tx, event.payload.listingId, event.id),
    );
  }
}
