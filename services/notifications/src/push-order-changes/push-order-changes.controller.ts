import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { signalOrderChanged } from '../realtime-push/order-signal';

/**
 * Orders' events that notify nobody but still change what buyer and seller see: pushed as
 * `orders.changed`. Every other order event (paid, shipped, completed, cancelled, refunded,
 * expired) and the dispute events are pushed by the controllers that also notify (one handler
 * per topic in a consumer group).
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
}
