import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { signalOrderChanged } from '../realtime-push/order-signal';
import { NotifyOrderPartiesHandler } from './notify-order-parties.handler';

/**
 * Consumer of orders' events (group `notifications`), once per event id: notifies, then
 * signals `orders.changed` to both parties (pushed after the commit).
 */
@Controller()
export class NotifyOrderPartiesController {
  constructor(private readonly handler: NotifyOrderPartiesHandler) {}

  @EventPattern('orders.order.paid.v1')
  async onPaid(
    @Payload() event: EventOf<'orders.order.paid.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.paid(ctx.getTransaction(), event);
    await signalOrderChanged(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.order.shipped.v1')
  async onShipped(
    @Payload() event: EventOf<'orders.order.shipped.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.shipped(ctx.getTransaction(), event);
    await signalOrderChanged(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.order.completed.v1')
  async onCompleted(
    @Payload() event: EventOf<'orders.order.completed.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.completed(ctx.getTransaction(), event);
    await signalOrderChanged(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.order.reminder.v1')
  onReminder(
    @Payload() event: EventOf<'orders.order.reminder.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.reminded(ctx.getTransaction(), event);
  }

  @EventPattern('orders.order.cancelled.v1')
  async onCancelled(
    @Payload() event: EventOf<'orders.order.cancelled.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.cancelled(ctx.getTransaction(), event);
    await signalOrderChanged(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.order.refunded.v1')
  async onRefunded(
    @Payload() event: EventOf<'orders.order.refunded.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.refunded(ctx.getTransaction(), event);
    await signalOrderChanged(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.order.refund_failed.v1')
  async onRefundFailed(
    @Payload() event: EventOf<'orders.order.refund_failed.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.refundFailed(ctx.getTransaction(), event);
    await signalOrderChanged(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.payout.failed.v1')
  onPayoutFailed(
    @Payload() event: EventOf<'orders.payout.failed.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.payoutFailed(ctx.getTransaction(), event);
  }

  @EventPattern('orders.order.expired.v1')
  async onExpired(
    @Payload() event: EventOf<'orders.order.expired.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.expired(ctx.getTransaction(), event);
    await signalOrderChanged(ctx.getTransaction(), event.payload);
  }
}
