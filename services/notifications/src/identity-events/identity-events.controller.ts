import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { IdentityEventsHandler } from './identity-events.handler';

/**
 * Consumer of identity's events (group `notifications`). The event server runs each handler
 * once per event id: a redelivery finds the inbox row and is skipped.
 */
@Controller()
export class IdentityEventsController {
  constructor(private readonly handler: IdentityEventsHandler) {}

  @EventPattern('identity.user.registered.v1')
  onRegistered(
    @Payload() event: EventOf<'identity.user.registered.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.registered(ctx.getTransaction(), event);
  }

  @EventPattern('identity.user.verification_requested.v1')
  onVerificationRequested(
    @Payload() event: EventOf<'identity.user.verification_requested.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.verificationRequested(ctx.getTransaction(), event);
  }

  @EventPattern('identity.user.password_reset_requested.v1')
  onPasswordResetRequested(
    @Payload() event: EventOf<'identity.user.password_reset_requested.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.passwordResetRequested(ctx.getTransaction(), event);
  }

  @EventPattern('identity.user.sign_up_attempted.v1')
  onSignUpAttempted(
    @Payload() event: EventOf<'identity.user.sign_up_attempted.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.signUpAttempted(ctx.getTransaction(), event);
  }

  @EventPattern('identity.user.verified.v1')
  onVerified(
    @Payload() event: EventOf<'identity.user.verified.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.verified(ctx.getTransaction(), event);
  }

  @EventPattern('identity.user.role_changed.v1')
  onRoleChanged(
    @Payload() event: EventOf<'identity.user.role_changed.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.roleChanged(ctx.getTransaction(), event);
  }

  @EventPattern('identity.user.profile_updated.v1')
  onProfileUpdated(
    @Payload() event: EventOf<'identity.user.profile_updated.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.profileUpdated(ctx.getTransaction(), event);
  }
}
