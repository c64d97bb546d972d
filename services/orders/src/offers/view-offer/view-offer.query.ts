import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { actorOf } from '../domain/offer';
import { offerNotFound } from '../domain/offer.errors';
import { OfferRepository } from '../domain/offer-repository.port';
import { toOfferView } from '../offer-view';

/** One offer, for its buyer or seller; anyone else (admins too) is told it does not exist. */
@Injectable()
export class ViewOfferQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly offers: OfferRepository,
  ) {}

  async view(id: string, user: AuthUser): Promise<OfferView> {
    const offer = await this.uow.read((tx) => this.offers.find(tx, id));
    const actor = offer ? actorOf(offer, user.id) : null;
    if (!offer || !actor) throw offerNotFound();
    return toOfferView(offer, actor);
  }
}
