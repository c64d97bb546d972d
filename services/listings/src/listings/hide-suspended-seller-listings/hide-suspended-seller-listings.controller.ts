import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { inConsumerTransaction } from '@loadout/service-kit';
import { SELLER_EVENTS } from '../../event-servers';
import { HideSuspendedSellerListingsHandler } from './hide-suspended-seller-listings.handler';

/** Consumer of identity's suspensions (group `listings`, once per event id). */
@Controller()
export class HideSuspendedSellerListingsController {
  constructor(private readonly handler: HideSuspendedSellerListingsHandler) {}

  @EventPattern('identity.user.suspended.v1', SELLER_EVENTS)
  async onSuspended(
    @Payload() event: EventOf<'identity.user.suspended.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await inConsumerTransaction(ctx.getTransaction(), (tx) => this.handler.suspended(tx, event));
  }

  @EventPattern('identity.user.reinstated.v1', SELLER_EVENTS)
  async onReinstated(
    @Payload() event: EventOf<'identity.user.reinstated.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await inConsumerTransaction(ctx.getTransaction(), (tx) => this.handler.reinstated(tx, event));
  }
}
