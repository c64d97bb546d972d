import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { NotifyOrderPartiesHandler } from './notify-order-parties.handler';

/** Consumer of orders' events (group `notifications`), once per event id. */
@Controller()
export class NotifyOrderPartiesController {
  constructor(private readonly handler: NotifyOrderPartiesHandler) {}

  @EventPattern('orders.order.paid.v1')
  onPaid(
    @Payload() event: EventOf<'orders.order.paid.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.paid(ctx.getTransaction(), event);
  }

  @EventPattern('orders.order.shipped.v1')
  onShipped(
    @Payload() event: EventOf<'orders.order.shipped.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.shipped(ctx.getTransaction(), event);
  }

  @EventPattern('orders.order.completed.v1')
  onCompleted(
    @Payload() event: EventOf<'orders.order.completed.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.completed(ctx.getTransaction(), event);
  }

  @EventPattern('orders.order.reminder.v1')
  onReminder(
    @Payload() event: EventOf<'orders.order.reminder.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.reminded(ctx.getTransaction(), event);
  }

  @EventPattern('orders.order.cancelled.v1')
  onCancelled(
    @Payload() event: EventOf<'orders.order.cancelled.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.cancelled(ctx.getTransaction(), event);
  }

  @EventPattern('orders.order.refunded.v1')
  onRefunded(
    @Payload() event: EventOf<'orders.order.refunded.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.refunded(ctx.getTransaction(), event);
  }

  @EventPattern('orders.order.expired.v1')
  onExpired(
    @Payload() event: EventOf<'orders.order.expired.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.expired(ctx.getTransaction(), event);
  }
}
