import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { WelcomeVerifiedUserHandler } from './welcome-verified-user.handler';

/** Welcomes a user whose email is verified. The event server runs it once per event id (inbox). */
@Controller()
export class WelcomeVerifiedUserController {
  constructor(private readonly handler: WelcomeVerifiedUserHandler) {}

  @EventPattern('identity.user.verified.v1')
  onVerified(
    @Payload() event: EventOf<'identity.user.verified.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.verified(ctx.getTransaction(), event);
  }
}
