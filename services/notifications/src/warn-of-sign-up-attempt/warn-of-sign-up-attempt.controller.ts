import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { WarnOfSignUpAttemptHandler } from './warn-of-sign-up-attempt.handler';

/** Tells an existing account that someone tried to sign up with its address. The event server runs it once per event id (inbox). */
@Controller()
export class WarnOfSignUpAttemptController {
  constructor(private readonly handler: WarnOfSignUpAttemptHandler) {}

  @EventPattern('identity.user.sign_up_attempted.v1')
  onSignUpAttempted(
    @Payload() event: EventOf<'identity.user.sign_up_attempted.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.signUpAttempted(ctx.getTransaction(), event);
  }
}
