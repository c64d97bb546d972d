import { Inject, Injectable, Logger } from '@nestjs/common';
import { type DeliveryAddressInput, type DeliveryOption, type OrderView } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { UnitOfWork, type Tx } from '@loadout/service-kit';
import { DEADLINE_RULES, ORDERS_CONFIG, type OrdersConfig } from '../../orders.config';
import { CheckoutIntentRepository } from '../domain/checkout-intent-repository.port';
import { type DeadlineRules } from '../domain/deadlines';
import { deliveryAddressFor } from '../domain/delivery-address';
import { orderAmounts } from '../domain/money';
import { Order, type TimelineEntry } from '../domain/order';
import { OrderRepository } from '../domain/order-repository.port';
import {
  deliveryUnavailable,
  listingNotFound,
  listingUnavailable,
  OrderDomainError,
  ownListing,
} from '../domain/order.errors';
import {
  LISTINGS_GATEWAY,
  type ListingsGateway,
  type ReserveOutcome,
} from '../listings/listings.gateway';
import { OrderAccess } from '../order-access';
import { type CreateOrderDto } from './checkout.dto';
import { OrderPlacedHooks } from './order-placed-hooks';

/** A reserve listings refused, as checkout's answer. */
const REFUSALS: Record<
  Exclude<ReserveOutcome['kind'], 'reserved'>,
  (delivery: DeliveryOption) => OrderDomainError
> = {
  not_found: () => listingNotFound(),
  unavailable: () => listingUnavailable(),
  own_listing: () => ownListing(),
  delivery_unavailable: (delivery) => deliveryUnavailable(delivery),
};

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/**
 * Checkout: write the intent, reserve the listing through listings (the single point that
 * decides who wins a race, and refuses the seller themself or a delivery it does not offer;
 * ADR 0056), then create the `pending_payment` order of the listing as listings answered it under
 * the reservation's lock, with its expiry job and event. A later edit of the listing changes
 * nothing.
 */
@Injectable()
export class CheckoutHandler {
  private readonly log = new Logger(CheckoutHandler.name);

  constructor(
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
    @Inject(DEADLINE_RULES) private readonly rules: DeadlineRules,
    @Inject(LISTINGS_GATEWAY) private readonly listings: ListingsGateway,
    private readonly uow: UnitOfWork,
    private readonly orders: OrderRepository,
    private readonly intents: CheckoutIntentRepository,
    private readonly access: OrderAccess,
    private readonly placedHooks: OrderPlacedHooks,
  ) {}

  async checkout(
    input: CreateOrderDto,
    buyer: { id: string; requestId?: string },
  ): Promise<{ created: boolean; order: OrderView }> {
    const listingId = input.listingId;
    //  - A repeated click returns the buyer's open order instead of a confusing 409.
    //  - A retry after a lost reserve answer (or a crash before the order was written) finds
    //    the buyer's own open intent: its order id is reused, and listings' reserve, idempotent
    //    for it, answers the reservation already made (ADR 0049). Another buyer still gets 409.
    const own = await this.uow.read((tx) => this.orders.findOpenByBuyer(tx, listingId, buyer.id));
    if (own) return { created: false, order: await this.access.view(own, 'buyer') };
    try {
      // No order id: placeOrder resumes the buyer's open intent, if any, or records a new one.
      return await this.placeOrder(listingId, {
        buyerId: buyer.id,
        requestId: buyer.requestId,
        delivery: input.delivery,
        deliveryAddress: input.deliveryAddress,
      });
    } catch (err) {
      // A twin request of the same buyer (a second click, a retry racing it) may have written
      // the order between the reads above and the reservation: that order is the answer.
      if (!(err instanceof OrderDomainError) || err.code !== 'ORDERS.LISTING_UNAVAILABLE')
        throw err;
      const twin = await this.uow.read((tx) =>
        this.orders.findOpenByBuyer(tx, listingId, buyer.id),
      );
      if (!twin) throw err;
      return { created: false, order: await this.access.view(twin, 'buyer') };
    }
  }

  /**
   * The one checkout path (a listing bought outright, or an accepted offer: ADR 0031): check
   * the delivery address, write the intent, reserve through listings, and write the
   * `pending_payment` order of the listing the reservation answered. `itemCents` is an agreed
   * price (an accepted offer; never above the listing's price). `inOrderTransaction` runs in the
   * transaction that writes the order (the offer's own step); when it throws, nothing is written
   * and the listing released.
   */
  async placeOrder(
    listingId: string,
    request: {
      buyerId: string;
      requestId?: string;
      delivery: DeliveryOption;
      deliveryAddress: DeliveryAddressInput | null | undefined;
      itemCents?: number;
      /**
       * The new order's id (an accepted offer's). Without it, the buyer's open intent for the
       * listing is resumed, if any (ADR 0049: the listing may already be held for it), or a new
       * id's intent is recorded.
       */
      orderId?: string;
      inOrderTransaction?: (tx: Tx, order: Order) => Promise<void>;
    },
  ): Promise<{ created: boolean; order: OrderView }> {
    const buyer = { id: request.buyerId, requestId: request.requestId };
    const delivery = request.delivery;
    // Checked before anything is written; the result is the order's snapshot (ADR 0029).
    const deliveryAddress = deliveryAddressFor(delivery, request.deliveryAddress);

    // The intent first: a reservation whose answer is lost (or an orders crash right after it)
    // is then released by listings' sweep, which asks orders about it (issue 23 scenario 1).
    // One statement that commits on its own: a transaction around it would only add its BEGIN
    // and COMMIT round trips to every checkout.
    const given = request.orderId;
    const { orderId, resumed: resumesIntent } = await this.uow.read(async (tx) => {
      if (given === undefined) return this.intents.resumeOrRecord(tx, listingId, buyer.id, newId());
      await this.intents.record(tx, given, listingId, buyer.id);
      return { orderId: given, resumed: false };
    });
    // An error says nothing about whether the reservation was made (its answer may be lost):
    // the intent stays, so the buyer's retry reuses this order id, and listings' sweep
    // releases the listing once the intent is older than its time to live (ADR 0049).
    const reserved = await this.listings.reserve(listingId, orderId, {
      buyerId: buyer.id,
      delivery,
    });
    if (reserved.kind !== 'reserved') {
      // Refused: nothing is held at listings; the intent goes.
      await this.forget(listingId, orderId, false);
      throw REFUSALS[reserved.kind](delivery);
    }
    // The order is made of the listing as read under the reservation's lock (scenario 11).
    const listing = reserved.listing;
    const postageCents = delivery === 'post' ? listing.postageCents : 0;
    if (listing.priceCents === null || postageCents === null) {
      // Listings refuses these itself; an answer without them cannot make an order.
      await this.forget(listingId, orderId, true);
      throw listing.priceCents === null ? listingUnavailable() : deliveryUnavailable(delivery);
    }

    const change = Order.create(
      {
        id: orderId,
        listingId,
        buyerId: buyer.id,
        sellerId: listing.sellerId,
        delivery,
        amounts: orderAmounts({
          itemCents:
            request.itemCents === undefined
              ? listing.priceCents
              : Math.min(request.itemCents, listing.priceCents),
          postageCents,
          feeBasisPoints: this.config.ESCROW_FEE_BASIS_POINTS,
        }),
        listingTitle: listing.title,
        listingPhotoUrl: listing.photoUrl,
        sellerDisplayName: listing.sellerDisplayName,
        sellerType: listing.sellerType,
        deliveryAddress,
        collectionCounty: listing.county,
      },
      new Date(),
      this.rules,
    );
    const twin: { order?: Order } = {};
    let timeline: TimelineEntry[] = [];
    try {
      await this.uow.transaction(async (tx) => {
        if (!(await this.intents.take(tx, orderId))) {
          // A concurrent retry of the same intent wrote the order first (ADR 0049): it is the
          // answer, and the reservation is its own.
          const written = resumesIntent ? await this.orders.findById(tx, orderId) : null;
          if (written && written.buyerId === buyer.id) {
            twin.order = written;
            return;
          }
          // The sweep took the intent (it judged this checkout dead and released the listing).
          throw listingUnavailable();
        }
        timeline = await this.orders.save(tx, change, {
          actorId: buyer.id,
          requestId: buyer.requestId,
        });
        await request.inOrderTransaction?.(tx, change.order);
        // Other areas' steps on the new order (the listing's other offers close: ADR 0037).
        await this.placedHooks.run(tx, {
          order: change.order,
          byOffer: request.inOrderTransaction !== undefined,
          actorId: buyer.id,
          requestId: buyer.requestId,
        });
      });
    } catch (err) {
      // A twin request that resumed the same intent may have written this very order (its
      // record() put the intent back after the twin took it, so this one failed on the order's
      // key): the reservation is that order's and stays, the order is the answer, and the
      // intent goes, or a later checkout would resume an order that already exists.
      const written = resumesIntent
        ? await this.uow.read((tx) => this.orders.findById(tx, orderId))
        : null;
      if (written && written.buyerId === buyer.id) {
        await this.uow.read((tx) => this.intents.take(tx, orderId));
        return { created: false, order: await this.access.view(written, 'buyer') };
      }
      // The reservation must not outlive an order that was never written.
      await this.forget(listingId, orderId, true);
      if (isUniqueViolation(err)) throw listingUnavailable();
      throw err;
    }
    if (twin.order) return { created: false, order: await this.access.view(twin.order, 'buyer') };
    return { created: true, order: this.access.viewOf(change.order, timeline, 'buyer') };
  }

  /** A checkout that will not write its order: its intent goes, and its reservation if made. */
  private async forget(listingId: string, orderId: string, reserved: boolean): Promise<void> {
    try {
      if (reserved) await this.listings.release(listingId, orderId);
      await this.uow.read((tx) => this.intents.take(tx, orderId));
    } catch (e) {
      // Listings' sweep releases it later (the intent, or its absence, says so).
      this.log.warn(`could not undo checkout ${orderId} of ${listingId} now: ${String(e)}`);
    }
  }
}
