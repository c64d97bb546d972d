import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { RememberRecipientHandler } from './remember-recipient.handler';

/** Keeps the address book (email, name) that later emails use, from identity's events. The event server runs it once per event id (inbox). */
@Controller()
export class RememberRecipientController {
  constructor(private readonly handler: RememberRecipientHandler) {}

  @EventPattern('identity.user.registered.v1')
  onRegistered(
    @Payload() event: EventOf<'identity.user.registered.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.registered(ctx.getTransaction(), event);
  }

  @EventPattern('identity.user.profile_updated.v1')
  onProfileUpdated(
    @Payload() event: EventOf<'identity.user.profile_updated.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.profileUpdated(ctx.getTransaction(), event);
  }
}
