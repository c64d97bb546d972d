import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { inConsumerTransaction } from '@loadout/service-kit';
import { SELLER_EVENTS } from '../../event-servers';
import { UpdateSellerCardsHandler } from './update-seller-cards.handler';

/**
 * Consumer of identity's events (group `listings`). The event server runs each handler once
 * per event id: a redelivery finds the inbox row and is skipped.
 */
@Controller()
export class UpdateSellerCardsController {
  constructor(private readonly handler: UpdateSellerCardsHandler) {}

  @EventPattern('identity.user.registered.v1', SELLER_EVENTS)
  onRegistered(
    @Payload() event: EventOf<'identity.user.registered.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return inConsumerTransaction(ctx.getTransaction(), (tx) => this.handler.registered(tx, event));
  }

  @EventPattern('identity.user.profile_updated.v1', SELLER_EVENTS)
  onProfileUpdated(
    @Payload() event: EventOf<'identity.user.profile_updated.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return inConsumerTransaction(ctx.getTransaction(), (tx) =>
      this.handler.profileUpdated(tx, event),
    );
  }
}
