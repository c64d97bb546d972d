import { Injectable } from '@nestjs/common';
import { type ListingDto, type ListingStatus } from '@loadout/contracts';
import { validateListing } from '@loadout/listing-rules';
import { type ListingInputDto } from '../create-listing/create-listing.dto';
import { listingProblemsError, notEditable } from '../domain/listing.errors';
import {
  changedFields,
  mergeInput,
  toFields,
  toListingInput,
  type ListingFields,
} from '../domain/listing-fields';
import { isEditable } from '../domain/listing-status';
import { type Actor, eventMeta, ListingChanges } from '../listing-changes';
import { ListingEvents } from '../listing-events';
import { type ListingEntity } from '../persistence/listing.entity';
import { ListingRepository } from '../persistence/listing.repository';
import { ViewListingQuery } from '../view-listing/view-listing.query';

const fieldsOf = (e: ListingEntity): ListingFields => ({
  title: e.title,
  description: e.description,
  category: e.category,
  condition: e.condition,
  priceCents: e.priceCents,
  county: e.county,
  postageCents: e.postageCents,
  collection: e.collection,
  fps: e.fps,
  bbWeightGrams: e.bbWeightGrams,
  joules: e.joules,
});

/**
 * The owner edits a draft or an active listing (partial); the merged listing is checked again
 * as a whole. `publish: true` on a draft publishes it (publish-listing uses this).
 */
@Injectable()
export class UpdateListingHandler {
  constructor(
    private readonly listings: ListingRepository,
    private readonly changes: ListingChanges,
    private readonly events: ListingEvents,
    private readonly view: ViewListingQuery,
  ) {}

  async update(id: string, input: ListingInputDto, actor: Actor): Promise<ListingDto> {
    await this.changes.change(id, actor, async (tx, e) => {
      if (!isEditable(e.status as ListingStatus)) throw notEditable(e.status);
      const publishing = e.status === 'draft' && input.publish === true;
      const merged = mergeInput(toListingInput(fieldsOf(e), e.imageCount), input);
      const problems = validateListing(merged, {
        forPublish: e.status !== 'draft' || publishing,
      });
      if (problems.length) throw listingProblemsError(problems);

      const next = toFields(merged);
      const changed = changedFields(fieldsOf(e), next);
      Object.assign(e, next);
      if (input.imageIds !== undefined) {
        const before = await this.changes.imageOrder(tx, e.id);
        const after = (await this.changes.attachImages(tx, e, input.imageIds))
          .map((i) => i.id)
          .join(',');
        if (before !== after) changed.push('images');
      }
      if (publishing) {
        e.status = 'active';
        e.publishedAt = new Date();
      }
      if (!changed.length && !publishing) return false;
      e.version += 1;
      await this.listings.save(tx, e);
      if (publishing) await this.events.published(tx, e, eventMeta(actor));
      else if (e.status === 'active') await this.events.updated(tx, e, changed, eventMeta(actor));
      return e.status !== 'draft';
    });
    return this.view.fresh(id, actor.user);
  }
}
