import { Injectable } from '@nestjs/common';
import { type ListingDto } from '@loadout/contracts';
import { type Actor, ListingChanges } from '../listing-changes';
import { ViewListingQuery } from '../view-listing/view-listing.query';

/** Admin: put an active listing at the front of the featured row, or take it off. */
@Injectable()
export class FeatureListingHandler {
  constructor(
    private readonly changes: ListingChanges,
    private readonly view: ViewListingQuery,
  ) {}

  async setFeatured(id: string, featured: boolean, actor: Actor): Promise<ListingDto> {
    await this.changes.change(id, actor, (_tx, listing) => listing.feature(featured, new Date()), {
      moderatorMay: true,
    });
    return this.view.fresh(id, actor.user);
  }
}
