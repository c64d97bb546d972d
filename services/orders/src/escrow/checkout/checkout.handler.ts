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
  listingChanged,
  listingNotFound,
  listingUnavailable,
  OrderDomainError,
  ownListing,
} from '../domain/order.errors';
import {
  LISTINGS_GATEWAY,
  type ListingForCheckout,
  type ListingsGateway,
} from '../listings/listings.gateway';
import { OrderAccess } from '../order-access';
import { type CreateOrderDto } from './checkout.dto';
import { OrderPlacedHooks } from './order-placed-hooks';

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/**
 * Checkout: read the listing, reserve it through listings (the single point that decides who
 * wins a race; its answer carries the terms read under the reservation's lock), then create
 * the `pending_payment` order with its expiry job and event. Price and postage are those of
 * the reservation; a later edit of the listing changes nothing.
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
    // The listing's read at listings and the buyer's own rows here need nothing of each other:
    // they run at once (one round trip less on the checkout's path; ADR 0051).
    //  - A repeated click returns the buyer's open order instead of a confusing 409.
    //  - A retry after a lost reserve answer (or a crash before the order was written) finds
    //    the buyer's own open intent: its order id is reused, and listings' reserve, idempotent
    //    for it, answers the reservation already made (ADR 0049). Another buyer still gets 409.
    const ownRows = (listingId: string) =>
      this.uow.read(async (tx) => ({
        order: await this.orders.findOpenByBuyer(tx, listingId, buyer.id),
        intent: await this.intents.openOf(tx, listingId, buyer.id),
      }));
    const [listing, rows] = await Promise.all([
      this.listings.getListing(input.listingId),
      ownRows(input.listingId),
    ]);
    if (!listing) throw listingNotFound();
    if (listing.sellerId === buyer.id) throw ownListing();
    // The rows belong to the listing's own id (were it ever spelt otherwise in the request).
    const own = listing.id === input.listingId ? rows : await ownRows(listing.id);
    const mine = own.order;
    if (mine) return { created: false, order: await this.access.view(mine, 'buyer') };
    const resumed = own.intent;
    try {
      return await this.placeOrder(listing, {
        buyerId: buyer.id,
        requestId: buyer.requestId,
        delivery: input.delivery,
        deliveryAddress: input.deliveryAddress,
        ...(resumed ? { orderId: resumed, resumesIntent: true } : {}),
      });
    } catch (err) {
      // A twin request of the same buyer (a second click, a retry racing it) may have written
      // the order between the reads above and the reservation: that order is the answer.
      if (!(err instanceof OrderDomainError) || err.code !== 'ORDERS.LISTING_UNAVAILABLE')
        throw err;
      const twin = await this.uow.read((tx) =>
        this.orders.findOpenByBuyer(tx, listing.id, buyer.id),
      );
      if (!twin) throw err;
      return { created: false, order: await this.access.view(twin, 'buyer') };
    }
  }

  /**
   * The one checkout path (a listing bought outright, or an accepted offer: ADR 0031): check
   * the delivery, write the intent, reserve through listings, and write the `pending_payment`
   * order of the reservation's terms. `itemCents` is an agreed price (an accepted offer; never
   * above the listing's price). `inOrderTransaction` runs in the transaction that writes the
   * order (the offer's own step); when it throws, nothing is written and the listing released.
   */
  async placeOrder(
    listing: ListingForCheckout,
    request: {
      buyerId: string;
      requestId?: string;
      delivery: DeliveryOption;
      deliveryAddress: DeliveryAddressInput | null | undefined;
      itemCents?: number;
      orderId?: string;
      /** `orderId` is the buyer's open intent's (ADR 0049): the listing may be held for it. */
      resumesIntent?: boolean;
      inOrderTransaction?: (tx: Tx, order: Order) => Promise<void>;
    },
  ): Promise<{ created: boolean; order: OrderView }> {
    const buyer = { id: request.buyerId, requestId: request.requestId };
    const input = { delivery: request.delivery, deliveryAddress: request.deliveryAddress };
    // A resumed intent's listing may be reserved already, for it: the reserve decides.
    const open =
      listing.status === 'active' || (request.resumesIntent && listing.status === 'reserved');
    if (!open || listing.priceCents === null) throw listingUnavailable();
    if (input.delivery === 'post' && listing.postageCents === null)
      throw deliveryUnavailable('post');
    if (input.delivery === 'collection' && !listing.collection)
      throw deliveryUnavailable('collection');
    // Checked before anything is reserved; the result is the order's snapshot (ADR 0029).
    const deliveryAddress = deliveryAddressFor(input.delivery, input.deliveryAddress);

    const orderId = request.orderId ?? newId();
    // The intent first: a reservation whose answer is lost (or an orders crash right after it)
    // is then released by listings' sweep, which asks orders about it (issue 23 scenario 1).
    await this.uow.transaction((tx) => this.intents.record(tx, orderId, listing.id, buyer.id));
    // An error says nothing about whether the reservation was made (its answer may be lost):
    // the intent stays, so the buyer's retry reuses this order id, and listings' sweep
    // releases the listing once the intent is older than its time to live (ADR 0049).
    const reserved = await this.listings.reserve(listing.id, orderId);
    if (reserved.kind === 'unavailable') {
      await this.forget(listing.id, orderId, false);
      throw listingUnavailable();
    }
    // The order is made of the terms read under the reservation's lock; when they differ from
    // what the buyer was shown (the seller edited meanwhile), the buyer looks again (sc. 11).
    const terms = reserved.terms;
    const postageCents = input.delivery === 'post' ? terms.postageCents : 0;
    if (
      terms.sellerId !== listing.sellerId ||
      terms.priceCents === null ||
      terms.priceCents !== listing.priceCents ||
      postageCents === null ||
      (input.delivery === 'post' && postageCents !== listing.postageCents) ||
      (input.delivery === 'collection' && !terms.collection)
    ) {
      await this.forget(listing.id, orderId, true);
      throw listingChanged();
    }

    const change = Order.create(
      {
        id: orderId,
        listingId: listing.id,
        buyerId: buyer.id,
        sellerId: listing.sellerId,
        delivery: input.delivery,
        amounts: orderAmounts({
          itemCents:
            request.itemCents === undefined
              ? terms.priceCents
              : Math.min(request.itemCents, terms.priceCents),
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
          const written = request.resumesIntent ? await this.orders.findById(tx, orderId) : null;
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
      const written = request.resumesIntent
        ? await this.uow.read((tx) => this.orders.findById(tx, orderId))
        : null;
      if (written && written.buyerId === buyer.id) {
        await this.uow.transaction((tx) => this.intents.take(tx, orderId));
        return { created: false, order: await this.access.view(written, 'buyer') };
      }
      // The reservation must not outlive an order that was never written.
      await this.forget(listing.id, orderId, true);
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
      await this.uow.transaction((tx) => this.intents.take(tx, orderId));
    } catch (e) {
      // Listings' sweep releases it later (the intent, or its absence, says so).
      this.log.warn(`could not undo checkout ${orderId} of ${listingId} now: ${String(e)}`);
    }
  }
}
