import { Injectable } from '@nestjs/common';
import { type ListingDto } from '@loadout/contracts';
import { type ListingInputDto } from '../create-listing/create-listing.dto';
import { type Actor, ListingChanges } from '../listing-changes';
import { ViewListingQuery } from '../view-listing/view-listing.query';

/**
 * The owner edits a draft or an active listing (partial); the merged listing is checked again
 * as a whole. `publish: true` on a draft publishes it (publish-listing uses this).
 */
@Injectable()
export class UpdateListingHandler {
  constructor(
    private readonly changes: ListingChanges,
    private readonly view: ViewListingQuery,
  ) {}

  async update(id: string, input: ListingInputDto, actor: Actor): Promise<ListingDto> {
    await this.changes.change(id, actor, async (tx, listing) => {
      const next = listing.checkEdit(input);
      const photos =
        input.imageIds !== undefined
          ? await this.changes.attachPhotos(tx, listing, input.imageIds)
          : null;
      return listing.edit(next, { publish: input.publish === true, photos }, new Date());
    });
    return this.view.fresh(id, actor.user);
  }
}
