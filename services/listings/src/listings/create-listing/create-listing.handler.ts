import { Injectable } from '@nestjs/common';
import { type ListingDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { validateListing } from '@loadout/listing-rules';
import { listingProblemsError } from '../domain/listing.errors';
import { toFields } from '../domain/listing-fields';
import { type Actor, eventMeta, ListingChanges } from '../listing-changes';
import { ListingEvents } from '../listing-events';
import { ListingEntity } from '../persistence/listing.entity';
import { ListingRepository } from '../persistence/listing.repository';
import { SellerRepository } from '../persistence/seller.repository';
import { ViewListingQuery } from '../view-listing/view-listing.query';
import { type ListingInputDto } from './create-listing.dto';

/** A seller creates a draft, or publishes at once; drafts emit nothing until published. */
@Injectable()
export class CreateListingHandler {
  constructor(
    private readonly listings: ListingRepository,
    private readonly sellers: SellerRepository,
    private readonly changes: ListingChanges,
    private readonly events: ListingEvents,
    private readonly view: ViewListingQuery,
  ) {}

  async create(input: ListingInputDto, actor: Actor): Promise<ListingDto> {
    const publish = input.publish === true;
    const problems = validateListing(input, { forPublish: publish });
    if (problems.length) throw listingProblemsError(problems);
    const id = newId();
    await this.listings.transaction(async (tx) => {
      await this.sellers.ensureFromClaims(tx, actor.user);
      const e = Object.assign(new ListingEntity(), toFields(input), {
        id,
        sellerId: actor.user.id,
        status: publish ? 'active' : 'draft',
        publishedAt: publish ? new Date() : null,
        thumbUrl: null,
        imageCount: 0,
        favoriteCount: 0,
        featuredAt: null,
        removedBy: null,
        removalReason: null,
        reservedOrderId: null,
        reservationState: null,
        soldOrderId: null,
        version: 1,
      });
      await this.listings.insert(tx, e);
      if (input.imageIds?.length) {
        await this.changes.attachImages(tx, e, input.imageIds);
        await this.listings.saveImageSummary(tx, e);
      }
      if (publish) await this.events.published(tx, e, eventMeta(actor));
    });
    if (publish) await this.changes.invalidate(id);
    return this.view.fresh(id, actor.user);
  }
}
