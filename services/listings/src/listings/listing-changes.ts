import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { type ListingStatus } from '@loadout/contracts';
import { LISTING_IMAGES, type ListingImages } from '../images/listing-images.port';
import { ListingsCache } from './cache/listings-cache';
import { listingNotFound, notOwner } from './domain/listing.errors';
import { isPubliclyVisible } from './domain/listing-status';
import { type EventMetaInput } from './listing-events';
import { type ListingEntity } from './persistence/listing.entity';
import { ListingRepository } from './persistence/listing.repository';

export interface Actor {
  user: AuthUser;
  requestId?: string;
}

export const eventMeta = (actor: Actor): EventMetaInput => ({
  actorId: actor.user.id,
  requestId: actor.requestId,
});

/**
 * What every change of an existing listing shares (create-, update-, publish-, withdraw- and
 * feature-listing): the lock, who may change it, photos, and retiring cached reads after
 * commit. Each change and its event commit in one transaction.
 */
@Injectable()
export class ListingChanges {
  private readonly log = new Logger(ListingChanges.name);

  constructor(
    private readonly listings: ListingRepository,
    private readonly cache: ListingsCache,
    @Inject(LISTING_IMAGES) private readonly images: ListingImages,
  ) {}

  /**
   * Locks the listing, checks who may change it, runs `work`; after commit retires cached reads
   * when `work` says the public view changed. Hidden listings look unknown to other users.
   */
  async change(
    id: string,
    actor: Actor,
    work: (tx: EntityManager, e: ListingEntity) => Promise<boolean>,
    { moderatorMay = false } = {},
  ): Promise<void> {
    const publicChange = await this.listings.transaction(async (tx) => {
      const e = await this.listings.lock(tx, id);
      if (!e) throw listingNotFound();
      if (e.sellerId !== actor.user.id) {
        const admin = isAdmin(actor.user);
        if (!admin && !isPubliclyVisible(e.status as ListingStatus)) throw listingNotFound();
        if (!(admin && moderatorMay)) throw notOwner();
      }
      return work(tx, e);
    });
    if (publicChange) await this.invalidate(id);
  }

  /** Attaches the photos (in order) and keeps the listing's thumbnail and count in step. */
  async attachImages(tx: EntityManager, e: ListingEntity, imageIds: string[]) {
    const attached = await this.images.attach(tx, e.sellerId, e.id, imageIds);
    e.thumbUrl = attached[0]?.thumbUrl ?? null;
    e.imageCount = attached.length;
    return attached;
  }

  /** The ids of the listing's photos in order, joined (to tell whether they changed). */
  async imageOrder(tx: EntityManager, listingId: string): Promise<string> {
    return (await this.images.forListing(listingId, tx)).map((i) => i.id).join(',');
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
