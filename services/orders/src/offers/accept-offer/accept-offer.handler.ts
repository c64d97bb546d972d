import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type AcceptOfferResponse } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { CheckoutHandler } from '../../escrow/checkout/checkout.handler';
import { JobRepository } from '../../escrow/domain/job-repository.port';
import { OrderDomainError } from '../../escrow/domain/order.errors';
import { actorOf, decide, type Offer, type OfferRules } from '../domain/offer';
import { offerListingUnavailable, offerNotFound } from '../domain/offer.errors';
import { OfferRepository } from '../domain/offer-repository.port';
import { OFFER_RULES } from '../offer-rules';
import { toOfferView } from '../offer-view';

const halfWay = (from: Date, to: Date) =>
  new Date(from.getTime() + Math.floor((to.getTime() - from.getTime()) / 2));

/**
 * The seller accepts the buyer's offer, or the buyer the seller's counter: the order is made
 * at the agreed price for the offer's buyer through the checkout's own path (intent →
 * listings' reservation → `pending_payment` order, ADR 0024/0029), with the offer's step in
 * the transaction that writes the order. That transaction locks the offer and decides again,
 * so an offer that expired (or was withdrawn) meanwhile writes no order and frees the
 * listing; of two offers on one listing accepted at once, listings' reservation lets one win.
 */
@Injectable()
export class AcceptOfferHandler {
  constructor(
    @Inject(OFFER_RULES) private readonly rules: OfferRules,
    private readonly uow: UnitOfWork,
    private readonly offers: OfferRepository,
    private readonly checkout: CheckoutHandler,
    private readonly jobs: JobRepository,
  ) {}

  async accept(id: string, user: AuthUser, requestId?: string): Promise<AcceptOfferResponse> {
    const offer = await this.uow.read((tx) => this.offers.find(tx, id));
    const actor = offer ? actorOf(offer, user.id) : null;
    if (!offer || !actor) throw offerNotFound();
    const orderId = newId();
    // Refuse early (not your turn, ended, lapsed) before anything is reserved.
    decide(offer, actor, { kind: 'accept', orderId }, new Date(), this.rules);

    let accepted: Offer | null = null;
    try {
      const { order } = await this.checkout.placeOrder(offer.listingId, {
        buyerId: offer.buyerId,
        requestId,
        delivery: offer.delivery,
        deliveryAddress: offer.deliveryAddress,
        itemCents: offer.amountCents,
        orderId,
        inOrderTransaction: async (tx, placed) => {
          const locked = await this.offers.lock(tx, id);
          if (!locked) throw offerNotFound();
          const change = decide(locked, actor, { kind: 'accept', orderId }, new Date(), this.rules);
          const { createdAt, payBy } = placed.props;
          await this.offers.save(tx, change, {
            actorId: user.id,
            requestId,
            payBy: payBy ?? undefined,
          });
          // The buyer may be away when the seller accepts: remind them half-way (ADR 0037).
          if (payBy)
            await this.jobs.apply(tx, orderId, {
              drop: [],
              add: [{ kind: 'offer_pay_reminder', dueAt: halfWay(createdAt, payBy), ref: id }],
            });
          accepted = { ...change.offer, order: { status: placed.status, payBy } };
        },
      });
      if (!accepted) throw new Error(`offer ${id} was not accepted with order ${order.id}`);
      return { offer: toOfferView(accepted, actor), orderId: order.id };
    } catch (err) {
      if (
        err instanceof OrderDomainError &&
        (err.code === 'ORDERS.LISTING_UNAVAILABLE' || err.code === 'ORDERS.LISTING_NOT_FOUND')
      )
        throw offerListingUnavailable();
      throw err;
    }
  }
}
