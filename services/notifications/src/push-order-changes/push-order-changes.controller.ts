import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { signalOrderChanged } from '../realtime-push/order-signal';

/**
 * Orders' events that notify nobody but still change what buyer and seller see: pushed as
 * `orders.changed`. Paid, shipped, completed and the dispute events are pushed by the
 * controllers that also notify (one handler per topic in a consumer group).
 */
@Controller()
export class PushOrderChangesController {
  @EventPattern('orders.order.created.v1')
  onCreated(
    @Payload() event: EventOf<'orders.order.created.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return signalOrderChanged(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.order.cancelled.v1')
  onCancelled(
    @Payload() event: EventOf<'orders.order.cancelled.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return signalOrderChanged(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.order.refunded.v1')
  onRefunded(
    @Payload() event: EventOf<'orders.order.refunded.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return signalOrderChanged(ctx.getTransaction(), event.payload);
  }

  @EventPattern('orders.order.expired.v1')
  onExpired(
    @Payload() event: EventOf<'orders.order.expired.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    return signalOrderChanged(ctx.getTransaction(), event.payload);
  }
}
