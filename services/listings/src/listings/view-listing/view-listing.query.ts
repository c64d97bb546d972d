import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser, isAdmin } from '@loadout/auth';
import { type ListingDto, type ListingStatus } from '@loadout/contracts';
import { isId } from '@loadout/db';
import { LISTING_IMAGES, type ListingImages } from '../../images/listing-images.port';
import { ListingsCache } from '../cache/listings-cache';
import { listingNotFound } from '../domain/listing.errors';
import { isPubliclyVisible } from '../domain/listing-status';
import { ListingQueries } from '../persistence/listing-queries';
import { toListingDto } from '../persistence/listing.mapper';

/** One listing's page: two statements (listing + seller card, then its images). */
@Injectable()
export class ViewListingQuery {
  constructor(
    private readonly queries: ListingQueries,
    private readonly cache: ListingsCache,
    @Inject(LISTING_IMAGES) private readonly images: ListingImages,
  ) {}

  /** Anonymous reads of active listings are cached briefly. */
  get(id: string, user: AuthUser | null): Promise<ListingDto> {
    if (!isId(id)) throw listingNotFound();
    if (user) return this.fresh(id, user);
    return this.cache.detail(id, async () => {
      const value = await this.fresh(id, null);
      return { value, cacheable: value.status === 'active' };
    });
  }

  /**
   * Drafts and removed listings exist only for their owner and admins: anyone else gets the
   * same 404 as for an unknown id.
   */
  async fresh(id: string, user: AuthUser | null): Promise<ListingDto> {
    const row = isId(id) ? await this.queries.detail(id) : null;
    if (!row) throw listingNotFound();
    const privileged = !!user && (user.id === row.seller_id || isAdmin(user));
    if (!isPubliclyVisible(row.status as ListingStatus) && !privileged) throw listingNotFound();
    const images = await this.images.forListing(id);
    return toListingDto(row, images, privileged);
  }
}
