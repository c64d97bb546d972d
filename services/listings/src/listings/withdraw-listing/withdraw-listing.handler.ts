import { Injectable } from '@nestjs/common';
import { LISTING_LIMITS, type ListingDto, type ListingStatus } from '@loadout/contracts';
import { notEditable, reasonRequired } from '../domain/listing.errors';
import { isEditable } from '../domain/listing-status';
import { type Actor, eventMeta, ListingChanges } from '../listing-changes';
import { ListingEvents } from '../listing-events';
import { ListingRepository } from '../persistence/listing.repository';
import { ViewListingQuery } from '../view-listing/view-listing.query';

/**
 * The owner withdraws a listing, or a moderator removes someone else's with a reason.
 * Removing a removed listing changes nothing (no second event).
 */
@Injectable()
export class WithdrawListingHandler {
  constructor(
    private readonly listings: ListingRepository,
    private readonly changes: ListingChanges,
    private readonly events: ListingEvents,
    private readonly view: ViewListingQuery,
  ) {}

  async withdraw(id: string, reason: string | undefined, actor: Actor): Promise<ListingDto> {
    await this.changes.change(
      id,
      actor,
      async (tx, e) => {
        const byOwner = e.sellerId === actor.user.id;
        const why = reason?.trim() ?? '';
        if (
          !byOwner &&
          (why.length < LISTING_LIMITS.removalReasonMin ||
            why.length > LISTING_LIMITS.removalReasonMax)
        )
          throw reasonRequired();
        if (e.status === 'removed') return false;
        if (!isEditable(e.status as ListingStatus)) throw notEditable(e.status);
        const wasPublic = e.status !== 'draft';
        e.status = 'removed';
        e.removedBy = byOwner ? 'owner' : 'moderator';
        e.removalReason = byOwner ? null : why;
        e.version += 1;
        await this.listings.save(tx, e);
        if (wasPublic) await this.events.removed(tx, e, eventMeta(actor));
        return wasPublic;
      },
      { moderatorMay: true },
    );
    return this.view.fresh(id, actor.user);
  }
}
