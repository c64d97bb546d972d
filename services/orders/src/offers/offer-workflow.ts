import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { type OfferView } from '@loadout/contracts';
import { type Tx, UnitOfWork } from '@loadout/service-kit';
import { actorOf, decide, type Offer, type OfferChange, type OfferCommand } from './domain/offer';
import { offerNotFound } from './domain/offer.errors';
import { OfferRepository } from './domain/offer-repository.port';
import { OFFER_RULES } from './offer-rules';
import { type OfferRules } from './domain/offer';
import { toOfferView } from './offer-view';

/**
 * A party's step on an offer that creates no order (decline, counter, withdraw): lock the
 * offer, decide (pure), save the step with its event, in one transaction. Anyone but its buyer
 * and seller is told the offer does not exist.
 */
@Injectable()
export class OfferWorkflow {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly offers: OfferRepository,
    @Inject(OFFER_RULES) private readonly rules: OfferRules,
  ) {}

  async step(
    id: string,
    user: AuthUser,
    command: OfferCommand,
    requestId?: string,
  ): Promise<OfferView> {
    return this.uow.transaction(async (tx) => {
      const offer = await this.offers.lock(tx, id);
      const actor = offer ? actorOf(offer, user.id) : null;
      if (!offer || !actor) throw offerNotFound();
      const change = decide(offer, actor, command, new Date(), this.rules);
      await this.offers.save(tx, change, { actorId: user.id, requestId });
      return toOfferView(change.offer, actor);
    });
  }

  /**
   * Every running offer on a listing, locked, closed by `close` (which names the reason) with
   * its step and `orders.offer.closed.v1`, in the caller's transaction; the system acts.
   * Returns how many closed.
   */
  async closeRunningOn(
    tx: Tx,
    listingId: string,
    close: (offer: Offer, now: Date) => OfferChange | null,
    requestId?: string,
  ): Promise<number> {
    const now = new Date();
    let closed = 0;
    for (const offer of await this.offers.lockRunningOnListing(tx, listingId)) {
      const change = close(offer, now);
      if (!change) continue;
      await this.offers.save(tx, change, { actorId: null, requestId });
      closed++;
    }
    return closed;
  }
}
