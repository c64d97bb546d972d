import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { SendPasswordResetEmailHandler } from './send-password-reset-email.handler';

/** Mails the password reset link identity asks for. The event server runs it once per event id (inbox). */
@Controller()
export class SendPasswordResetEmailController {
  constructor(private readonly handler: SendPasswordResetEmailHandler) {}

  @EventPattern('identity.user.password_reset_requested.v1')
  onPasswordResetRequested(
    @Payload() event: EventOf<'identity.user.password_reset_requested.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.passwordResetRequested(ctx.getTransaction(), event);
  }
}
