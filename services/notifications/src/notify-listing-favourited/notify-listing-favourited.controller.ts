import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { NotifyListingFavouritedHandler } from './notify-listing-favourited.handler';

/** Consumer of listings' `listing.favourited` (group `notifications`), once per event id. */
@Controller()
export class NotifyListingFavouritedController {
  constructor(private readonly handler: NotifyListingFavouritedHandler) {}

  @EventPattern('listings.listing.favourited.v1')
  async onFavourited(
    @Payload() event: EventOf<'listings.listing.favourited.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.handle(ctx.getTransaction(), event);
  }
}
