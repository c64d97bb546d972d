import { Injectable } from '@nestjs/common';
import { type ListingDto } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { UnitOfWork } from '@loadout/service-kit';
import { Listing } from '../domain/listing';
import { ListingRepository } from '../domain/listing-repository.port';
import { type Actor, eventMeta, ListingChanges } from '../listing-changes';
import { SellerRepository } from '../persistence/seller.repository';
import { ViewListingQuery } from '../view-listing/view-listing.query';
import { type ListingInputDto } from './create-listing.dto';

/** A seller creates a draft, or publishes at once; drafts emit nothing until published. */
@Injectable()
export class CreateListingHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly listings: ListingRepository,
    private readonly sellers: SellerRepository,
    private readonly changes: ListingChanges,
    private readonly view: ViewListingQuery,
  ) {}

  async create(input: ListingInputDto, actor: Actor): Promise<ListingDto> {
    const listing = Listing.create(
      { id: newId(), sellerId: actor.user.id, input, publish: input.publish === true },
      new Date(),
    );
    const change = await this.uow.transaction(async (tx) => {
      await this.sellers.ensureFromClaims(tx, actor.user);
      await this.listings.insert(tx, listing);
      const photos = input.imageIds?.length
        ? await this.changes.attachPhotos(tx, listing, input.imageIds)
        : null;
      const created = listing.created(photos);
      if (photos || created.events.length) await this.listings.save(tx, created, eventMeta(actor));
      return created;
    });
    if (change.publicChange) await this.changes.invalidate(listing.id);
    return this.view.fresh(listing.id, actor.user);
  }
}
