import { Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OffersPage } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { type OfferActor } from '../domain/offer';
import { OfferRepository } from '../domain/offer-repository.port';
import { toOfferView } from '../offer-view';

const LIMIT = 100;

/** My offers: sent (buyer), received (seller), or both; most recently changed first. */
@Injectable()
export class ListOffersQuery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly offers: OfferRepository,
  ) {}

  list(user: AuthUser, role?: OfferActor): Promise<OffersPage> {
    const roles: OfferActor[] = role ? [role] : ['buyer', 'seller'];
    return this.uow.read(async (tx) => {
      const items = [];
      for (const r of roles)
        for (const o of await this.offers.listFor(tx, user.id, r, LIMIT))
          items.push(toOfferView(o, r));
      items.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id.localeCompare(a.id));
      return { items: items.slice(0, LIMIT) };
    });
  }
}
