import { Injectable, Logger } from '@nestjs/common';
import { type ListingStatus, type ReservationResponse } from '@loadout/contracts';
import { listingNotFound, notAvailable } from '../domain/listing.errors';
import { decideReservation, type ReservationCommand } from '../domain/listing-status';
import { ListingsCache } from '../cache/listings-cache';
import { ListingEvents } from '../listing-events';
import { ListingRepository } from '../persistence/listing.repository';
import { SuspendedSellerRepository } from '../persistence/suspended-seller.repository';

export type ReservationResult = ReservationResponse;

const EVENT_OF = {
  reserve: 'listings.listing.reserved.v1',
  release: 'listings.listing.released.v1',
  sold: 'listings.listing.sold.v1',
} as const;

/**
 * Commands of the orders flow: hold a listing for an order, let it go, or mark it sold.
 * Idempotent by order id (a repeat changes nothing and emits nothing); each change commits
 * with its event.
 */
@Injectable()
export class ListingReservations {
  private readonly log = new Logger(ListingReservations.name);

  constructor(
    private readonly listings: ListingRepository,
    private readonly events: ListingEvents,
    private readonly cache: ListingsCache,
    private readonly suspendedSellers: SuspendedSellerRepository,
  ) {}

  reserve(listingId: string, orderId: string, requestId?: string) {
    return this.run('reserve', listingId, orderId, requestId);
  }

  release(listingId: string, orderId: string, requestId?: string) {
    return this.run('release', listingId, orderId, requestId);
  }

  markSold(listingId: string, orderId: string, requestId?: string) {
    return this.run('sold', listingId, orderId, requestId);
  }

  /**
   * The order holding the reservation was paid: the listing page says so ("Sold — awaiting
   * delivery") instead of a checkout in progress. Only this order's reservation is touched; a
   * late or repeated event changes nothing. Reserved listings are never cached (only active).
   */
  async markPaid(listingId: string, orderId: string): Promise<boolean> {
    return this.listings.transaction(async (tx) => {
      const e = await this.listings.lock(tx, listingId);
      if (
        !e ||
        e.status !== 'reserved' ||
        e.reservedOrderId !== orderId ||
        e.reservationState === 'paid'
      )
        return false;
      e.reservationState = 'paid';
      await this.listings.save(tx, e);
      return true;
    });
  }

  private async run(
    command: ReservationCommand,
    listingId: string,
    orderId: string,
    requestId?: string,
  ): Promise<ReservationResult> {
    const result = await this.listings.transaction(async (tx) => {
      const e = await this.listings.lock(tx, listingId);
      if (!e) throw listingNotFound();
      const outcome = decideReservation(
        command,
        {
          status: e.status as ListingStatus,
          reservedOrderId: e.reservedOrderId,
          soldOrderId: e.soldOrderId,
        },
        orderId,
      );
      // A reserve answers the terms read under this lock: what the order must be made of.
      const terms =
        command === 'reserve'
          ? {
              sellerId: e.sellerId,
              title: e.title,
              priceCents: e.priceCents,
              postageCents: e.postageCents,
              collection: e.collection,
            }
          : undefined;
      switch (outcome.kind) {
        case 'conflict':
          throw notAvailable(outcome.message);
        case 'noop':
          return { listingId, status: e.status as ListingStatus, changed: false, terms };
        case 'change':
          break;
      }
      // Released while its seller is suspended (ADR 0035): hidden until they are reinstated.
      const status =
        outcome.status === 'active' && (await this.suspendedSellers.isSuspended(tx, e.sellerId))
          ? 'hidden'
          : outcome.status;
      e.status = status;
      if (command === 'reserve') e.reservedOrderId = orderId;
      if (command === 'reserve') e.reservationState = 'checkout';
      if (command === 'release') e.reservationState = null;
      if (command === 'release') e.reservedOrderId = null;
      if (command === 'sold') e.soldOrderId = orderId;
      await this.listings.save(tx, e);
      await this.events.orderEvent(tx, EVENT_OF[command], e, orderId, {
        actorId: null,
        requestId,
      });
      return { listingId, status, changed: true, terms };
    });
    if (result.changed) {
      try {
        await this.cache.invalidate(listingId);
      } catch (err) {
        this.log.warn(`cache invalidation failed for ${listingId}: ${String(err)}`);
      }
    }
    return result;
  }
}
