import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { inConsumerTransaction } from '@loadout/service-kit';
import { closeOnListingRemoved } from '../domain/offer';
import { OfferWorkflow } from '../offer-workflow';

/**
 * Listings' `listings.listing.removed.v1` (group `orders`, once per event id, in the consumer's
 * transaction): the seller withdrew the listing, or a moderator removed it, so every running
 * offer on it closes (`listing_removed`), each with `orders.offer.closed.v1`. Buyers are told at
 * once instead of at the 48-hour expiry, and nobody can accept an offer on an item that is gone.
 */
@Controller()
export class CloseRemovedListingOffersController {
  constructor(private readonly workflow: OfferWorkflow) {}

  @EventPattern('listings.listing.removed.v1')
  async onRemoved(
    @Payload() event: EventOf<'listings.listing.removed.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await inConsumerTransaction(ctx.getTransaction(), (tx) =>
      this.workflow.closeRunningOn(
        tx,
        event.payload.listingId,
        closeOnListingRemoved,
        `event:${event.id}`,
      ),
    );
  }
}
