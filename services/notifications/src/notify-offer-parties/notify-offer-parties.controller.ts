import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { NotifyOfferPartiesHandler } from './notify-offer-parties.handler';

/** Consumer of orders' offer events (group `notifications`), once per event id. */
@Controller()
export class NotifyOfferPartiesController {
  constructor(private readonly handler: NotifyOfferPartiesHandler) {}

  @EventPattern('orders.offer.made.v1')
  onMade(
    @Payload() event: EventOf<'orders.offer.made.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.made(ctx.getTransaction(), event);
  }

  @EventPattern('orders.offer.countered.v1')
  onCountered(
    @Payload() event: EventOf<'orders.offer.countered.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.countered(ctx.getTransaction(), event);
  }

  @EventPattern('orders.offer.accepted.v1')
  onAccepted(
    @Payload() event: EventOf<'orders.offer.accepted.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.accepted(ctx.getTransaction(), event);
  }

  @EventPattern('orders.offer.declined.v1')
  onDeclined(
    @Payload() event: EventOf<'orders.offer.declined.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.declined(ctx.getTransaction(), event);
  }

  @EventPattern('orders.offer.withdrawn.v1')
  onWithdrawn(
    @Payload() event: EventOf<'orders.offer.withdrawn.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.withdrawn(ctx.getTransaction(), event);
  }

  @EventPattern('orders.offer.expired.v1')
  onExpired(
    @Payload() event: EventOf<'orders.offer.expired.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.expired(ctx.getTransaction(), event);
  }

  @EventPattern('orders.offer.closed.v1')
  onClosed(
    @Payload() event: EventOf<'orders.offer.closed.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.closed(ctx.getTransaction(), event);
  }

  @EventPattern('orders.offer.pay_reminder.v1')
  onPayReminder(
    @Payload() event: EventOf<'orders.offer.pay_reminder.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.payReminder(ctx.getTransaction(), event);
  }
}
