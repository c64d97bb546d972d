import { Inject, Injectable, Logger } from '@nestjs/common';
import { type OrderView } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { ORDERS_CONFIG, deadlineRules, type OrdersConfig } from '../../orders.config';
import { jobsOnCreate } from '../domain/deadlines';
import { orderAmounts } from '../domain/money';
import {
  deliveryUnavailable,
  listingNotFound,
  listingUnavailable,
  ownListing,
} from '../domain/order.errors';
import { LISTINGS_GATEWAY, type ListingsGateway } from '../listings/listings.gateway';
import { OrderAccess } from '../order-access';
import { OrderEvents } from '../order-events';
import { JobRepository } from '../persistence/job.repository';
import { OrderEntity } from '../persistence/order.entity';
import { OrderRepository } from '../persistence/order.repository';
import { type CreateOrderDto } from './checkout.dto';

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/**
 * Checkout: read the listing, reserve it through listings (the single point that decides who
 * wins a race), then create the `pending_payment` order with its expiry job and event. Price
 * and postage are copied now; a later edit of the listing changes nothing.
 */
@Injectable()
export class CheckoutHandler {
  private readonly log = new Logger(CheckoutHandler.name);

  constructor(
    @Inject(ORDERS_CONFIG) private readonly config: OrdersConfig,
    @Inject(LISTINGS_GATEWAY) private readonly listings: ListingsGateway,
    private readonly orders: OrderRepository,
    private readonly jobs: JobRepository,
    private readonly events: OrderEvents,
    private readonly access: OrderAccess,
  ) {}

  async checkout(
    input: CreateOrderDto,
    buyer: { id: string; requestId?: string },
  ): Promise<{ created: boolean; order: OrderView }> {
    const listing = await this.listings.getListing(input.listingId);
    if (!listing) throw listingNotFound();
    if (listing.sellerId === buyer.id) throw ownListing();
    // A repeated click returns the buyer's open order instead of a confusing 409.
    const mine = await this.orders.findOpenByBuyer(listing.id, buyer.id);
    if (mine) return { created: false, order: await this.access.view(mine) };
    if (listing.status !== 'active' || listing.priceCents === null) throw listingUnavailable();
    if (input.delivery === 'post' && listing.postageCents === null)
      throw deliveryUnavailable('post');
    if (input.delivery === 'collection' && !listing.collection)
      throw deliveryUnavailable('collection');

    const orderId = newId();
    if ((await this.listings.reserve(listing.id, orderId)) === 'unavailable')
      throw listingUnavailable();

    const now = new Date();
    const amounts = orderAmounts({
      itemCents: listing.priceCents,
      postageCents: input.delivery === 'post' ? (listing.postageCents ?? 0) : 0,
      feeBasisPoints: this.config.ESCROW_FEE_BASIS_POINTS,
    });
    const expiry = jobsOnCreate(now, deadlineRules(this.config));
    const order = Object.assign(new OrderEntity(), {
      id: orderId,
      listingId: listing.id,
      buyerId: buyer.id,
      sellerId: listing.sellerId,
      status: 'pending_payment',
      delivery: input.delivery,
      ...amounts,
      listingTitle: listing.title.slice(0, 120),
      listingPhotoUrl: listing.photoUrl?.slice(0, 500) ?? null,
      sellerDisplayName: listing.sellerDisplayName.slice(0, 120),
      sellerType: listing.sellerType,
      carrier: null,
      trackingNumber: null,
      handedOverInPerson: false,
      cancelReason: null,
      paymentId: null,
      chargeId: null,
      lastPaymentErrorCode: null,
      lastPaymentErrorMessage: null,
      refundedCents: 0,
      paymentAttempts: 0,
      payBy: expiry[0]!.dueAt,
      shipBy: null,
      autoReleaseAt: null,
      paidAt: null,
      shippedAt: null,
      completedAt: null,
      closedAt: null,
      createdAt: now,
      updatedAt: now,
    } satisfies OrderEntity);
    try {
      await this.orders.transaction(async (tx) => {
        await this.orders.insert(tx, order, 'buyer');
        await this.jobs.schedule(tx, order.id, expiry);
        await this.events.append(
          tx,
          'orders.order.created.v1',
          order,
          { payBy: order.payBy!.toISOString() },
          { actorId: buyer.id, requestId: buyer.requestId },
        );
      });
    } catch (err) {
      // The reservation must not outlive an order that was never written.
      await this.listings.release(listing.id, orderId).catch((e: unknown) => {
        this.log.error(`could not release ${listing.id} after a failed checkout: ${String(e)}`);
      });
      if (isUniqueViolation(err)) throw listingUnavailable();
      throw err;
    }
    return { created: true, order: await this.access.view(order) };
  }
}
