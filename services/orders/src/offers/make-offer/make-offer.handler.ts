import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { deliveryAddressFor } from '../../escrow/domain/delivery-address';
import { deliveryUnavailable } from '../../escrow/domain/order.errors';
import { LISTINGS_GATEWAY, type ListingsGateway } from '../../escrow/listings/listings.gateway';
import { expire, makeOffer, type OfferRules } from '../domain/offer';
import {
  offerAlreadyOpen,
  offerListingNotFound,
  offerListingUnavailable,
  offerOwnListing,
} from '../domain/offer.errors';
import { OfferRepository } from '../domain/offer-repository.port';
import { OFFER_RULES } from '../offer-rules';
import { toOfferView } from '../offer-view';
import { type MakeOfferDto } from './make-offer.dto';

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

/**
 * A buyer makes an offer on an active listing. The delivery (and the address for post) is
 * chosen now and checked by the checkout's rules, so accepting can create the order at once
 * (ADR 0031). One running offer per buyer per listing: a lapsed one the expirer has not
 * reached yet is expired here first; the unique index settles two concurrent attempts.
 */
@Injectable()
export class MakeOfferHandler {
  constructor(
    @Inject(LISTINGS_GATEWAY) private readonly listings: ListingsGateway,
    @Inject(OFFER_RULES) private readonly rules: OfferRules,
    private readonly uow: UnitOfWork,
    private readonly offers: OfferRepository,
  ) {}

  async make(input: MakeOfferDto, user: AuthUser, requestId?: string): Promise<OfferView> {
    const listing = await this.listings.getListing(input.listingId);
    if (!listing) throw offerListingNotFound();
    if (listing.sellerId === user.id) throw offerOwnListing();
    if (listing.status !== 'active' || listing.priceCents === null) throw offerListingUnavailable();
    if (input.delivery === 'post' && listing.postageCents === null)
      throw deliveryUnavailable('post');
    if (input.delivery === 'collection' && !listing.collection)
      throw deliveryUnavailable('collection');
    const deliveryAddress = deliveryAddressFor(input.delivery, input.deliveryAddress);
    try {
      const offer = await this.uow.transaction(async (tx) => {
        const now = new Date();
        const active = await this.offers.lockActive(tx, listing.id, user.id);
        const lapsed = active ? expire(active, now) : null;
        if (lapsed) await this.offers.save(tx, lapsed, { actorId: null, requestId });
        const change = makeOffer(
          listing,
          {
            id: newId(),
            buyerId: user.id,
            amountCents: input.amountCents,
            message: input.message,
            delivery: input.delivery,
            deliveryAddress,
          },
          lapsed ? null : active,
          now,
          this.rules,
        );
        await this.offers.insert(tx, change, { actorId: user.id, requestId });
        return change.offer;
      });
      return toOfferView(offer, 'buyer');
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another request of this buyer made one meanwhile.
      const other = await this.uow.read((tx) => this.offers.lockActive(tx, listing.id, user.id));
      throw offerAlreadyOpen(other?.id ?? '');
    }
  }
}
