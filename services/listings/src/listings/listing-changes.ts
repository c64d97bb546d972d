import { Inject, Injectable, Logger } from '@nestjs/common';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { type Tx, UnitOfWork } from '@loadout/service-kit';
import { LISTING_IMAGES, type ListingImages } from '../images/listing-images.port';
import { ListingsCache } from './cache/listings-cache';
import { type Listing, type ListingChange, type ListingPhotos } from './domain/listing';
import { listingNotFound, notOwner } from './domain/listing.errors';
import { ListingRepository, type ListingChangeMeta } from './domain/listing-repository.port';

export interface Actor {
  user: AuthUser;
  requestId?: string;
}

export const eventMeta = (actor: Actor): ListingChangeMeta => ({
  actorId: actor.user.id,
  requestId: actor.requestId,
});

/**
 * What every change of an existing listing shares (update-, publish-, withdraw- and
 * feature-listing): load → call → save in one unit of work (the listing locked, who may change
 * it checked by the aggregate, the change and its events committed together), photos, and
 * retiring cached reads after commit.
 */
@Injectable()
export class ListingChanges {
  private readonly log = new Logger(ListingChanges.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly listings: ListingRepository,
    private readonly cache: ListingsCache,
    @Inject(LISTING_IMAGES) private readonly images: ListingImages,
  ) {}

  /**
   * Locks the listing, checks who may change it, asks `work` for the change and saves it; after
   * commit retires cached reads when the public view changed. Hidden listings look unknown to
   * other users.
   */
  async change(
    id: string,
    actor: Actor,
    work: (tx: Tx, listing: Listing) => Promise<ListingChange | null> | ListingChange | null,
    { moderatorMay = false } = {},
  ): Promise<void> {
    const change = await this.uow.transaction(async (tx) => {
      const listing = await this.listings.lock(tx, id);
      if (!listing) throw listingNotFound();
      const access = listing.access(
        { userId: actor.user.id, admin: isAdmin(actor.user) },
        moderatorMay,
      );
      if (access === 'not_found') throw listingNotFound();
      if (access === 'not_owner') throw notOwner();
      const made = await work(tx, listing);
      if (made) await this.listings.save(tx, made, eventMeta(actor));
      return made;
    });
    if (change?.publicChange) await this.invalidate(id);
  }

  /** Attaches the photos (in order); what the listing keeps of them, and whether they moved. */
  async attachPhotos(tx: Tx, listing: Listing, imageIds: string[]): Promise<ListingPhotos> {
    const before = (await this.images.forListing(listing.id, tx)).map((i) => i.id).join(',');
    const attached = await this.images.attach(tx, listing.props.sellerId, listing.id, imageIds);
    return {
      thumbUrl: attached[0]?.thumbUrl ?? null,
      count: attached.length,
      reordered: before !== attached.map((i) => i.id).join(','),
    };
  }

  /** The change is committed; a cache outage must not turn it into an error (TTL bounds it). */
  async invalidate(id: string): Promise<void> {
    try {
      await this.cache.invalidate(id);
    } catch (err) {
      this.log.warn(`cache invalidation failed for ${id}: ${String(err)}`);
    }
  }
}
