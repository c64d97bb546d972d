import { Injectable } from '@nestjs/common';
import { isAdmin } from '@loadout/auth';
import { type ListingDto } from '@loadout/contracts';
import { type Actor, ListingChanges } from '../listing-changes';
import { ViewListingQuery } from '../view-listing/view-listing.query';

/**
 * The owner withdraws a listing, or a moderator removes someone else's with a reason.
 * Removing a removed listing changes nothing (no second event).
 */
@Injectable()
export class WithdrawListingHandler {
  constructor(
    private readonly changes: ListingChanges,
    private readonly view: ViewListingQuery,
  ) {}

  async withdraw(id: string, reason: string | undefined, actor: Actor): Promise<ListingDto> {
    await this.changes.change(
      id,
      actor,
      (_tx, listing) =>
        listing.remove({ userId: actor.user.id, admin: isAdmin(actor.user) }, reason, new Date()),
      { moderatorMay: true },
    );
    return this.view.fresh(id, actor.user);
  }
}
