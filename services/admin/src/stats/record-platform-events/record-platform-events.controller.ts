import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { type EntityManager } from 'typeorm';
import { type EventOf, type OrderFactsV1 } from '@loadout/contracts';
import { EventContext } from '@loadout/events';
import {
  LISTING_RANK,
  ORDER_RANK,
  RELEASED_RANK,
  goodsCents,
  type OrderState,
} from '../domain/progress';
import { StatsRepository } from '../persistence/stats.repository';

type Tx = EventContext<EntityManager>;

/**
 * Keeps the dashboard's read model from identity's, listings' and orders' events (consumer
 * group `admin`, once per event id).
 */
@Controller()
export class RecordPlatformEventsController {
  constructor(private readonly stats: StatsRepository) {}

  @EventPattern('identity.user.registered.v1')
  async registered(@Payload() e: EventOf<'identity.user.registered.v1'>, @Ctx() ctx: Tx) {
    await this.stats.userRegistered(ctx.getTransaction(), e.payload.userId, e.occurredAt);
  }

  @EventPattern('listings.listing.published.v1')
  async published(@Payload() e: EventOf<'listings.listing.published.v1'>, @Ctx() ctx: Tx) {
    await this.listing(ctx, e.payload, 'active', LISTING_RANK.active, e.occurredAt);
  }

  @EventPattern('listings.listing.reserved.v1')
  async reserved(@Payload() e: EventOf<'listings.listing.reserved.v1'>, @Ctx() ctx: Tx) {
    await this.listing(ctx, e.payload, 'reserved', LISTING_RANK.reserved, e.occurredAt);
  }

  @EventPattern('listings.listing.released.v1')
  async released(@Payload() e: EventOf<'listings.listing.released.v1'>, @Ctx() ctx: Tx) {
    await this.listing(ctx, e.payload, 'active', RELEASED_RANK, e.occurredAt);
  }

  @EventPattern('listings.listing.sold.v1')
  async sold(@Payload() e: EventOf<'listings.listing.sold.v1'>, @Ctx() ctx: Tx) {
    await this.listing(ctx, e.payload, 'sold', LISTING_RANK.sold, e.occurredAt);
  }

  @EventPattern('listings.listing.removed.v1')
  async removed(@Payload() e: EventOf<'listings.listing.removed.v1'>, @Ctx() ctx: Tx) {
    await this.listing(ctx, e.payload, 'removed', LISTING_RANK.removed, e.occurredAt);
  }

  // The audit log reads these too (audit/record-account-actions): Nest runs both handlers of
  // a topic in the same consumer transaction.
  @EventPattern('identity.user.suspended.v1')
  async sellerSuspended(@Payload() e: EventOf<'identity.user.suspended.v1'>, @Ctx() ctx: Tx) {
    await this.stats.sellerSuspension(ctx.getTransaction(), e.payload.userId, true, e.occurredAt);
  }

  @EventPattern('identity.user.reinstated.v1')
  async sellerReinstated(@Payload() e: EventOf<'identity.user.reinstated.v1'>, @Ctx() ctx: Tx) {
    await this.stats.sellerSuspension(ctx.getTransaction(), e.payload.userId, false, e.occurredAt);
  }

  @EventPattern('orders.order.created.v1')
  async created(@Payload() e: EventOf<'orders.order.created.v1'>, @Ctx() ctx: Tx) {
    await this.order(ctx, e.payload, 'pending_payment', e.occurredAt, null);
  }

  @EventPattern('orders.order.paid.v1')
  async paid(@Payload() e: EventOf<'orders.order.paid.v1'>, @Ctx() ctx: Tx) {
    await this.order(ctx, e.payload, 'paid', e.occurredAt, e.payload.paidAt);
  }

  @EventPattern('orders.order.shipped.v1')
  async shipped(@Payload() e: EventOf<'orders.order.shipped.v1'>, @Ctx() ctx: Tx) {
    await this.order(ctx, e.payload, 'shipped', e.occurredAt, null);
  }

  @EventPattern('orders.order.completed.v1')
  async completed(@Payload() e: EventOf<'orders.order.completed.v1'>, @Ctx() ctx: Tx) {
    await this.order(ctx, e.payload, 'completed', e.occurredAt, null);
  }

  @EventPattern('orders.order.cancelled.v1')
  async cancelled(@Payload() e: EventOf<'orders.order.cancelled.v1'>, @Ctx() ctx: Tx) {
    await this.order(ctx, e.payload, 'cancelled', e.occurredAt, null);
  }

  @EventPattern('orders.order.refunded.v1')
  async refunded(@Payload() e: EventOf<'orders.order.refunded.v1'>, @Ctx() ctx: Tx) {
    const state = e.payload.full ? 'refunded' : 'partially_refunded';
    await this.order(ctx, e.payload, state, e.occurredAt, null);
  }

  @EventPattern('orders.order.expired.v1')
  async expired(@Payload() e: EventOf<'orders.order.expired.v1'>, @Ctx() ctx: Tx) {
    await this.order(ctx, e.payload, 'expired', e.occurredAt, null);
  }

  private listing(
    ctx: Tx,
    l: { listingId: string; sellerId: string },
    status: string,
    rank: number,
    at: string,
  ) {
    return this.stats.listing(ctx.getTransaction(), l.listingId, l.sellerId, status, rank, at);
  }

  private order(
    ctx: Tx,
    o: OrderFactsV1,
    state: OrderState,
    at: string,
    paidAt: string | null,
  ): Promise<void> {
    return this.stats.order(ctx.getTransaction(), {
      orderId: o.orderId,
      state,
      rank: ORDER_RANK[state],
      goodsCents: goodsCents(o),
      feeCents: o.feeCents,
      at,
      paidAt,
    });
  }
}
