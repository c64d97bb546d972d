import { Injectable } from '@nestjs/common';
import { type ListingDto } from '@loadout/contracts';
import { notAvailable } from '../domain/listing.errors';
import { type Actor, eventMeta, ListingChanges } from '../listing-changes';
import { ListingEvents } from '../listing-events';
import { ListingRepository } from '../persistence/listing.repository';
import { ViewListingQuery } from '../view-listing/view-listing.query';

/** Admin: put an active listing at the front of the featured row, or take it off. */
@Injectable()
export class FeatureListingHandler {
  constructor(
    private readonly listings: ListingRepository,
    private readonly changes: ListingChanges,
    private readonly events: ListingEvents,
    private readonly view: ViewListingQuery,
  ) {}

  async setFeatured(id: string, featured: boolean, actor: Actor): Promise<ListingDto> {
    await this.changes.change(
      id,
      actor,
      async (tx, e) => {
        if (featured && e.status !== 'active')
          throw notAvailable('Only active listings can be featured.');
        if (featured === (e.featuredAt !== null)) return false;
        e.featuredAt = featured ? new Date() : null;
        e.version += 1;
        await this.listings.save(tx, e);
        if (e.status === 'active') await this.events.updated(tx, e, ['featured'], eventMeta(actor));
        return true;
      },
      { moderatorMay: true },
    );
    return this.view.fresh(id, actor.user);
  }
}
