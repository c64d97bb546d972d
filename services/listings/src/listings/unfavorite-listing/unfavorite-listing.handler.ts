import { Injectable } from '@nestjs/common';
import { type FavoriteStateResponse } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { listingNotFound } from '../domain/listing.errors';
import { ListingChanges } from '../listing-changes';
import { FavoriteRepository } from '../persistence/favorite.repository';

/** A user takes a listing out of their favourites (whatever its status). Idempotent. */
@Injectable()
export class UnfavoriteListingHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly favorites: FavoriteRepository,
    private readonly changes: ListingChanges,
  ) {}

  async unfavorite(userId: string, listingId: string): Promise<FavoriteStateResponse> {
    const { count, changed } = await this.uow.transaction(async (tx) => {
      const listing = await this.favorites.target(tx, listingId);
      if (!listing) throw listingNotFound();
      const favoriteCount = await this.favorites.remove(tx, userId, listingId);
      return favoriteCount === null
        ? { count: listing.favoriteCount, changed: false }
        : { count: favoriteCount, changed: true };
    });
    if (changed) await this.changes.invalidate(listingId);
    return { listingId, favorite: false, favoriteCount: count };
  }
}
