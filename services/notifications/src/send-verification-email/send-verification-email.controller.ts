import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { SendVerificationEmailHandler } from './send-verification-email.handler';

/** Mails the verification link identity asks for. The event server runs it once per event id (inbox). */
@Controller()
export class SendVerificationEmailController {
  constructor(private readonly handler: SendVerificationEmailHandler) {}

  @EventPattern('identity.user.verification_requested.v1')
  onVerificationRequested(
    @Payload() event: EventOf<'identity.user.verification_requested.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.verificationRequested(ctx.getTransaction(), event);
  }
}
