import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type DisputeFactsV1, type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { signalOrderChanged } from '../realtime-push/order-signal';
import { NotifyDisputePartiesHandler } from './notify-dispute-parties.handler';

/**
 * Consumer of orders' dispute events (group `notifications`), once per event id: notifies,
 * then signals `orders.changed` to both parties (pushed after the commit).
 */
@Controller()
export class NotifyDisputePartiesController {
  constructor(private readonly handler: NotifyDisputePartiesHandler) {}

  @EventPattern('orders.dispute.opened.v1')
  async onOpened(
    @Payload() event: EventOf<'orders.dispute.opened.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.opened(ctx.getTransaction(), event);
    await this.push(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.dispute.responded.v1')
  async onResponded(
    @Payload() event: EventOf<'orders.dispute.responded.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.responded(ctx.getTransaction(), event);
    await this.push(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.dispute.escalated.v1')
  async onEscalated(
    @Payload() event: EventOf<'orders.dispute.escalated.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.escalated(ctx.getTransaction(), event);
    await this.push(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.dispute.resolved.v1')
  async onResolved(
    @Payload() event: EventOf<'orders.dispute.resolved.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.resolved(ctx.getTransaction(), event);
    await this.push(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.dispute.withdrawn.v1')
  async onWithdrawn(
    @Payload() event: EventOf<'orders.dispute.withdrawn.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    await this.handler.withdrawn(ctx.getTransaction(), event);
    await this.push(ctx.getTransaction(), event.payload);
  }

  /** A card chargeback tells no party (see the handler), not even that something changed. */
  private async push(tx: EntityManager, dispute: DisputeFactsV1): Promise<void> {
    if (dispute.origin === 'buyer') await signalOrderChanged(tx, dispute);
  }
}
