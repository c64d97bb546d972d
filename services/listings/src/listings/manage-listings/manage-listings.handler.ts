import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { LISTING_LIMITS, type ListingDto, type ListingStatus } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { validateListing } from '@loadout/listing-rules';
import { LISTING_IMAGES, type ListingImages } from '../../images/listing-images.port';
import { ListingsCache } from '../cache/listings-cache';
import {
  listingNotFound,
  listingProblemsError,
  notAvailable,
  notEditable,
  notOwner,
  reasonRequired,
} from '../domain/listing.errors';
import {
  changedFields,
  mergeInput,
  toFields,
  toListingInput,
  type ListingFields,
} from '../domain/listing-fields';
import { isEditable, isPubliclyVisible } from '../domain/listing-status';
import { ListingEvents } from '../listing-events';
import { ListingEntity } from '../persistence/listing.entity';
import { ListingRepository } from '../persistence/listing.repository';
import { ViewListingQuery } from '../view-listing/view-listing.query';
import { type ListingInputDto } from './manage-listings.dto';

export interface Actor {
  user: AuthUser;
  requestId?: string;
}

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
 * The seller's (and moderators') changes to listings. Each change and its event commit in one
 * transaction; drafts emit nothing until published. Cached reads are retired after commit.
 */
@Injectable()
export class ManageListingsHandler {
  private readonly log = new Logger(ManageListingsHandler.name);

  constructor(
    private readonly listings: ListingRepository,
    private readonly events: ListingEvents,
    private readonly view: ViewListingQuery,
    private readonly cache: ListingsCache,
    @Inject(LISTING_IMAGES) private readonly images: ListingImages,
  ) {}

  async create(input: ListingInputDto, actor: Actor): Promise<ListingDto> {
    const publish = input.publish === true;
    const problems = validateListing(input, { forPublish: publish });
    if (problems.length) throw listingProblemsError(problems);
    const id = newId();
    await this.listings.transaction(async (tx) => {
      await this.listings.ensureSeller(tx, actor.user);
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
        soldOrderId: null,
        version: 1,
      });
      await tx.insert(ListingEntity, e);
      if (input.imageIds?.length) {
        await this.attachImages(tx, e, input.imageIds);
        await tx.update(ListingEntity, { id }, { thumbUrl: e.thumbUrl, imageCount: e.imageCount });
      }
      if (publish) await this.events.published(tx, e, this.meta(actor));
    });
    if (publish) await this.invalidate(id);
    return this.view.fresh(id, actor.user);
  }

  /** Partial update by the owner; the merged listing is checked again as a whole. */
  async update(id: string, input: ListingInputDto, actor: Actor): Promise<ListingDto> {
    await this.change(id, actor, async (tx, e) => {
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
        const before = (await this.images.forListing(e.id, tx)).map((i) => i.id).join(',');
        const after = (await this.attachImages(tx, e, input.imageIds)).map((i) => i.id).join(',');
        if (before !== after) changed.push('images');
      }
      if (publishing) {
        e.status = 'active';
        e.publishedAt = new Date();
      }
      if (!changed.length && !publishing) return false;
      e.version += 1;
      await tx.save(e);
      if (publishing) await this.events.published(tx, e, this.meta(actor));
      else if (e.status === 'active') await this.events.updated(tx, e, changed, this.meta(actor));
      return e.status !== 'draft';
    });
    return this.view.fresh(id, actor.user);
  }

  publish(id: string, actor: Actor): Promise<ListingDto> {
    return this.update(id, { publish: true }, actor);
  }

  /**
   * The owner withdraws a listing, or a moderator removes someone else's with a reason.
   * Removing a removed listing changes nothing (no second event).
   */
  async remove(id: string, reason: string | undefined, actor: Actor): Promise<ListingDto> {
    await this.change(
      id,
      actor,
      async (tx, e) => {
        const byOwner = e.sellerId === actor.user.id;
        const why = reason?.trim() ?? '';
        if (
          !byOwner &&
          (why.length < LISTING_LIMITS.removalReasonMin ||
            why.length > LISTING_LIMITS.removalReasonMax)
        )
          throw reasonRequired();
        if (e.status === 'removed') return false;
        if (!isEditable(e.status as ListingStatus)) throw notEditable(e.status);
        const wasPublic = e.status !== 'draft';
        e.status = 'removed';
        e.removedBy = byOwner ? 'owner' : 'moderator';
        e.removalReason = byOwner ? null : why;
        e.version += 1;
        await tx.save(e);
        if (wasPublic) await this.events.removed(tx, e, this.meta(actor));
        return wasPublic;
      },
      { moderatorMay: true },
    );
    return this.view.fresh(id, actor.user);
  }

  /** Admin: put an active listing at the front of the featured row, or take it off. */
  async setFeatured(id: string, featured: boolean, actor: Actor): Promise<ListingDto> {
    await this.change(
      id,
      actor,
      async (tx, e) => {
        if (featured && e.status !== 'active')
          throw notAvailable('Only active listings can be featured.');
        if (featured === (e.featuredAt !== null)) return false;
        e.featuredAt = featured ? new Date() : null;
        e.version += 1;
        await tx.save(e);
        if (e.status === 'active') await this.events.updated(tx, e, ['featured'], this.meta(actor));
        return true;
      },
      { moderatorMay: true },
    );
    return this.view.fresh(id, actor.user);
  }

  /**
   * Locks the listing, checks who may change it, runs `work`; after commit retires cached reads
   * when `work` says the public view changed. Hidden listings look unknown to other users.
   */
  private async change(
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

  private async attachImages(tx: EntityManager, e: ListingEntity, imageIds: string[]) {
    const attached = await this.images.attach(tx, e.sellerId, e.id, imageIds);
    e.thumbUrl = attached[0]?.thumbUrl ?? null;
    e.imageCount = attached.length;
    return attached;
  }

  private meta(actor: Actor) {
    return { actorId: actor.user.id, requestId: actor.requestId };
  }

  /** The change is committed; a cache outage must not turn it into an error (TTL bounds it). */
  private async invalidate(id: string): Promise<void> {
    try {
      await this.cache.invalidate(id);
    } catch (err) {
      this.log.warn(`cache invalidation failed for ${id}: ${String(err)}`);
    }
  }
}
