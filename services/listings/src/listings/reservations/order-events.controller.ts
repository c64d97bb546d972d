import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf, listingOutcomeOf } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import { inConsumerTransaction } from '@loadout/service-kit';
import { SELLER_EVENTS } from '../../event-servers';
import { ListingReservations } from './listing-reservations';

type OrderEvent = EventOf<
  | 'orders.order.completed.v1'
  | 'orders.order.cancelled.v1'
  | 'orders.order.expired.v1'
  | 'orders.order.refunded.v1'
>;

/**
 * Orders' outcomes, consumed in group `listings` once per event id, each in the consumer's
 * transaction (the inbox row and the listing's change and event commit together): paid → the
 * reservation is paid (for the listing page's wording); completed → sold; cancelled, expired
 * or a full refund with `relist` → released; a full refund without it (the item is with the
 * buyer) → sold. This is the only road by which a written order frees or sells its listing
 * (ADR 0044). Commands are idempotent by order id; a conflict (the listing is held for, or sold
 * to, another order) or an unknown listing means there is nothing of this order's to change.
 * Cached reads are retired by the `listings-cache` consumer of the listing's own event.
 */
@Controller()
export class OrderEventsController {
  private readonly log = new Logger(OrderEventsController.name);

  constructor(private readonly reservations: ListingReservations) {}

  /** Paid: the reservation is no longer a checkout in progress (the listing page says so). */
  @EventPattern('orders.order.paid.v1', SELLER_EVENTS)
  async onPaid(
    @Payload() event: EventOf<'orders.order.paid.v1'>,
    @Ctx() ctx: EventContext<EntityManager>,
  ): Promise<void> {
    // Only the ids are read; the delivery address in this event is not kept (ADR 0029, 0030).
    const { listingId, orderId } = event.payload;
    const changed = await inConsumerTransaction(ctx.getTransaction(), (tx) =>
      this.reservations.markPaid(tx, listingId, orderId),
    );
    if (!changed) this.log.log(`${event.type} for ${listingId}: not reserved for ${orderId}`);
  }

  @EventPattern('orders.order.completed.v1', SELLER_EVENTS)
  onCompleted(@Payload() event: OrderEvent, @Ctx() ctx: EventContext<EntityManager>) {
    return this.apply(event, ctx);
  }

  @EventPattern('orders.order.cancelled.v1', SELLER_EVENTS)
  onCancelled(@Payload() event: OrderEvent, @Ctx() ctx: EventContext<EntityManager>) {
    return this.apply(event, ctx);
  }

  @EventPattern('orders.order.expired.v1', SELLER_EVENTS)
  onExpired(@Payload() event: OrderEvent, @Ctx() ctx: EventContext<EntityManager>) {
    return this.apply(event, ctx);
  }

  @EventPattern('orders.order.refunded.v1', SELLER_EVENTS)
  onRefunded(@Payload() event: OrderEvent, @Ctx() ctx: EventContext<EntityManager>) {
    return this.apply(event, ctx);
  }

  private async apply(event: OrderEvent, ctx: EventContext<EntityManager>): Promise<void> {
    const command = listingOutcomeOf(event.type, event.payload);
    if (!command) return;
    const { listingId, orderId } = event.payload;
    try {
      await inConsumerTransaction(ctx.getTransaction(), (tx) =>
        this.reservations.apply(tx, command, listingId, orderId, event.id),
      );
    } catch (err) {
      // Both are refused before anything is written, so the consumer's transaction goes on.
      const code = (err as { code?: string }).code;
      if (code !== 'LISTINGS.NOT_AVAILABLE' && code !== 'LISTINGS.NOT_FOUND') throw err;
      this.log.log(`${event.type} for ${listingId}: nothing to ${command} (${code})`);
    }
  }
}
