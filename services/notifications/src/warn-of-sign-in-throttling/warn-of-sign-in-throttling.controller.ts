import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { WarnOfSignInThrottlingHandler } from './warn-of-sign-in-throttling.handler';

/** Tells an account's owner that its password is being guessed. The event server runs it once per event id (inbox). */
@Controller()
export class WarnOfSignInThrottlingController {
  constructor(private readonly handler: WarnOfSignInThrottlingHandler) {}

  @EventPattern('identity.user.sign_in_throttled.v1')
  onSignInThrottled(
    @Payload() event: EventOf<'identity.user.sign_in_throttled.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.signInThrottled(ctx.getTransaction(), event);
  }
}
