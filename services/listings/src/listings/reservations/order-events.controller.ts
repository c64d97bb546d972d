import { Controller, Logger } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { type EventOf } from '@loadout/contracts';
import { SELLER_EVENTS } from '../../event-servers';
import { ListingReservations } from './listing-reservations';

type OrderEvent = EventOf<
  | 'orders.order.completed.v1'
  | 'orders.order.cancelled.v1'
  | 'orders.order.expired.v1'
  | 'orders.order.refunded.v1'
>;

/**
 * Orders' outcomes, consumed in group `listings`: paid → the reservation is paid (for the
 * listing page's wording); completed → sold; cancelled, expired or
 * refunded with `relist` (a full refund of an item never shipped) → released. Orders also sends the same commands over HTTP (internal routes); both
 * paths are idempotent by order id, so whichever comes second changes nothing. A conflict
 * (the listing is held for, or sold to, another order) means there is nothing of this order's
 * to change.
 */
@Controller()
export class OrderEventsController {
  private readonly log = new Logger(OrderEventsController.name);

  constructor(private readonly reservations: ListingReservations) {}

  /** Paid: the reservation is no longer a checkout in progress (the listing page says so). */
  @EventPattern('orders.order.paid.v1', SELLER_EVENTS)
  async onPaid(@Payload() event: EventOf<'orders.order.paid.v1'>): Promise<void> {
    // Only the ids are read; the delivery address in this event is not kept (ADR 0029, 0030).
    const { listingId, orderId } = event.payload;
    const changed = await this.reservations.markPaid(listingId, orderId);
    if (!changed) this.log.log(`${event.type} for ${listingId}: not reserved for ${orderId}`);
  }

  @EventPattern('orders.order.completed.v1', SELLER_EVENTS)
  onCompleted(@Payload() event: OrderEvent): Promise<void> {
    return this.apply('sold', event);
  }

  @EventPattern('orders.order.cancelled.v1', SELLER_EVENTS)
  onCancelled(@Payload() event: OrderEvent): Promise<void> {
    return this.apply('release', event);
  }

  @EventPattern('orders.order.expired.v1', SELLER_EVENTS)
  onExpired(@Payload() event: OrderEvent): Promise<void> {
    return this.apply('release', event);
  }

  @EventPattern('orders.order.refunded.v1', SELLER_EVENTS)
  async onRefunded(@Payload() event: EventOf<'orders.order.refunded.v1'>): Promise<void> {
    // A partial refund keeps the order (and the item) on hold until an admin settles it; a
    // shipped item is with the buyer, not for sale again (`relist` false or missing).
    if (!event.payload.full || event.payload.relist !== true) return;
    return this.apply('release', event);
  }

  private async apply(command: 'sold' | 'release', event: OrderEvent): Promise<void> {
    const { listingId, orderId } = event.payload;
    try {
      if (command === 'sold') await this.reservations.markSold(listingId, orderId, event.id);
      else await this.reservations.release(listingId, orderId, event.id);
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== 'LISTINGS.NOT_AVAILABLE' && code !== 'LISTINGS.NOT_FOUND') throw err;
      this.log.log(`${event.type} for ${listingId}: nothing to ${command} (${code})`);
    }
  }
}
