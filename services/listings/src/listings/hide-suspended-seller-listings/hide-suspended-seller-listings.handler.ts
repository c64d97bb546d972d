import { Injectable } from '@nestjs/common';
import { type EventOf } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit';
import { ListingRepository } from '../domain/listing-repository.port';
import { SuspendedSellerRepository } from '../persistence/suspended-seller.repository';

/**
 * Identity's suspensions (ADR 0035), inside the consumer's transaction: a suspended seller's
 * active listings are hidden (not deleted), and shown again on reinstatement; reserved and sold
 * listings are left alone so paid orders continue (one released meanwhile goes back to hidden:
 * `ListingReservations` asks `suspended_sellers`). Each changed listing gets its
 * `listings.listing.updated.v1` (`changed: ['status']`), which also retires cached reads.
 */
@Injectable()
export class HideSuspendedSellerListingsHandler {
  constructor(
    private readonly listings: ListingRepository,
    private readonly suspendedSellers: SuspendedSellerRepository,
  ) {}

  async suspended(tx: Tx, event: EventOf<'identity.user.suspended.v1'>) {
    await this.suspendedSellers.suspend(tx, event.payload.userId, event.occurredAt);
    return this.apply(tx, event.payload.userId, true, event.actorId);
  }

  async reinstated(tx: Tx, event: EventOf<'identity.user.reinstated.v1'>) {
    await this.suspendedSellers.reinstate(tx, event.payload.userId);
    return this.apply(tx, event.payload.userId, false, event.actorId);
  }

  private async apply(tx: Tx, sellerId: string, hidden: boolean, actorId: string | null) {
    const now = new Date();
    const listings = await this.listings.lockOfSeller(tx, sellerId, [hidden ? 'active' : 'hidden']);
    let changed = 0;
    for (const listing of listings) {
      const change = listing.suspension(hidden, now);
      if (!change) continue;
      await this.listings.save(tx, change, { actorId });
      changed++;
    }
    return changed;
  }
}
