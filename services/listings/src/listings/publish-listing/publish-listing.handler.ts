import { Injectable } from '@nestjs/common';
import { type ListingDto } from '@loadout/contracts';
import { type Actor } from '../listing-changes';
import { UpdateListingHandler } from '../update-listing/update-listing.handler';

/**
 * The owner publishes a draft: the same path as an edit with `publish: true`, so every field
 * is checked as a whole and `listings.listing.published.v1` is emitted once.
 */
@Injectable()
export class PublishListingHandler {
  constructor(private readonly update: UpdateListingHandler) {}

  publish(id: string, actor: Actor): Promise<ListingDto> {
    return this.update.update(id, { publish: true }, actor);
  }
}
