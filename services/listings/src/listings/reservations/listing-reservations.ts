import { Inject, Injectable, Logger } from '@nestjs/common';
import { type IrishCounty, type ReservationResponse } from '@loadout/contracts';
import { PgUnitOfWork, type Tx, UnitOfWork } from '@loadout/service-kit';
import { listingNotFound } from '../domain/listing.errors';
import {
  type Listing,
  type ListingChange,
  type ReservationBuyer,
  type ReservationChange,
} from '../domain/listing';
import { ListingRepository } from '../domain/listing-repository.port';
import { type ReservationCommand } from '../domain/listing-status';
import { ListingsCache } from '../cache/listings-cache';
import { SellerRepository } from '../persistence/seller.repository';
import { SuspendedSellerRepository } from '../persistence/suspended-seller.repository';

export type ReservationResult = ReservationResponse;

/**
 * Commands of the orders flow: hold a listing for an order, let it go, or mark it sold.
 * Idempotent by order id (a repeat changes nothing and emits nothing); each change commits
 * with its event. Reserving (and undoing a reservation whose order was never written) is
 * orders' synchronous call; an order's outcome arrives as its events, applied in the
 * consumer's transaction (`OrderEventsController`, ADR 0044); the sweep settles leftovers.
 */
@Injectable()
export class ListingReservations {
  private readonly log = new Logger(ListingReservations.name);

  constructor(
    // orders' synchronous calls run on raw pg (issue 28, ADR 0055): every repository they use
    // takes its statements from `sqlOf`.
    @Inject(PgUnitOfWork) private readonly uow: UnitOfWork,
    private readonly listings: ListingRepository,
    private readonly cache: ListingsCache,
    private readonly suspendedSellers: SuspendedSellerRepository,
    private readonly sellers: SellerRepository,
  ) {}

  /**
   * With `buyer`, the answer's terms are all checkout needs (ADR 0056). Checkout's hot path:
   * decided on the listing as read and written by one guarded statement (ADR 0064); when
   * anyone wrote the row in between, decided again on the locked row, as every command is.
   */
  async reserve(
    listingId: string,
    orderId: string,
    requestId?: string,
    buyer?: ReservationBuyer,
  ): Promise<ReservationResult> {
    const optimistic = await this.uow.read(async (tx) => {
      const read = await this.listings.findForChange(tx, listingId);
      if (!read) throw listingNotFound();
      const { listing, version } = read;
      // Reserving never asks whether the seller is suspended (only a release back to active
      // does): the decision needs nothing but the row.
      const decided = listing.order(
        'reserve',
        orderId,
        { sellerSuspended: false, buyer },
        new Date(),
      );
      const meta = { actorId: null, requestId };
      if (
        decided.change &&
        !(await this.listings.saveIfUnchanged(tx, decided.change, meta, version))
      )
        return null;
      return this.resultOf(tx, 'reserve', listingId, listing, decided);
    });
    return optimistic
      ? this.invalidated(listingId, optimistic)
      : this.run('reserve', listingId, orderId, requestId, buyer);
  }

  release(listingId: string, orderId: string, requestId?: string) {
    return this.run('release', listingId, orderId, requestId);
  }

  markSold(listingId: string, orderId: string, requestId?: string) {
    return this.run('sold', listingId, orderId, requestId);
  }

  /**
   * One command inside the caller's unit of work: load → call → save. Throws
   * `LISTINGS.NOT_FOUND` or `LISTINGS.NOT_AVAILABLE` (held or sold for another order) before
   * writing anything.
   */
  async apply(
    tx: Tx,
    command: ReservationCommand,
    listingId: string,
    orderId: string,
    requestId?: string,
    buyer?: ReservationBuyer,
  ): Promise<{ result: ReservationResult; change: ListingChange | null }> {
    const listing = await this.listings.lock(tx, listingId);
    if (!listing) throw listingNotFound();
    const sellerSuspended =
      command === 'release' && listing.status === 'reserved'
        ? await this.suspendedSellers.isSuspended(tx, listing.props.sellerId)
        : false;
    const { change, terms } = listing.order(
      command,
      orderId,
      { sellerSuspended, buyer },
      new Date(),
    );
    if (change) await this.listings.save(tx, change, { actorId: null, requestId });
    return {
      result: await this.resultOf(tx, command, listingId, listing, { change, terms }),
      change,
    };
  }

  /** The answer to a command; a reserve's carries the checkout terms with the seller's card. */
  private async resultOf(
    tx: Tx,
    command: ReservationCommand,
    listingId: string,
    listing: Listing,
    { change, terms }: ReservationChange,
  ): Promise<ReservationResult> {
    const card =
      command === 'reserve' ? await this.sellers.checkoutCard(tx, listing.props.sellerId) : null;
    return {
      listingId,
      status: (change?.listing ?? listing).status,
      changed: change !== null,
      terms: card
        ? {
            ...terms,
            county: terms.county as IrishCounty | null,
            sellerDisplayName: card.displayName,
            sellerType: card.sellerType,
          }
        : undefined,
    };
  }

  /**
   * The order holding the reservation was paid (inside the consumer's transaction): the
   * listing page says so ("Sold — awaiting delivery") instead of a checkout in progress. Only
   * this order's reservation is touched; a late or repeated event changes nothing.
   */
  async markPaid(tx: Tx, listingId: string, orderId: string): Promise<boolean> {
    const listing = await this.listings.lock(tx, listingId);
    const change = listing?.paid(orderId, new Date()) ?? null;
    if (!change) return false;
    await this.listings.save(tx, change, { actorId: null });
    return true;
  }

  private async run(
    command: ReservationCommand,
    listingId: string,
    orderId: string,
    requestId?: string,
    buyer?: ReservationBuyer,
  ): Promise<ReservationResult> {
    const { result } = await this.uow.transaction((tx) =>
      this.apply(tx, command, listingId, orderId, requestId, buyer),
    );
    return this.invalidated(listingId, result);
  }

  /** The answer, after the cached pages of a listing it changed are dropped. */
  private async invalidated(
    listingId: string,
    result: ReservationResult,
  ): Promise<ReservationResult> {
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
