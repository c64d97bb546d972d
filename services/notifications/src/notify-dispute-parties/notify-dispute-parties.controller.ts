import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { NotifyDisputePartiesHandler } from './notify-dispute-parties.handler';

/** Consumer of orders' dispute events (group `notifications`), once per event id. */
@Controller()
export class NotifyDisputePartiesController {
  constructor(private readonly handler: NotifyDisputePartiesHandler) {}

  @EventPattern('orders.dispute.opened.v1')
  onOpened(
    @Payload() event: EventOf<'orders.dispute.opened.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.opened(ctx.getTransaction(), event);
  }

  @EventPattern('orders.dispute.responded.v1')
  onResponded(
    @Payload() event: EventOf<'orders.dispute.responded.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.responded(ctx.getTransaction(), event);
  }

  @EventPattern('orders.dispute.escalated.v1')
  onEscalated(
    @Payload() event: EventOf<'orders.dispute.escalated.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.escalated(ctx.getTransaction(), event);
  }

  @EventPattern('orders.dispute.resolved.v1')
  onResolved(
    @Payload() event: EventOf<'orders.dispute.resolved.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.resolved(ctx.getTransaction(), event);
  }

  @EventPattern('orders.dispute.withdrawn.v1')
  onWithdrawn(
    @Payload() event: EventOf<'orders.dispute.withdrawn.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return this.handler.withdrawn(ctx.getTransaction(), event);
  }
}
