import { Injectable } from '@nestjs/common';
import { type FavoriteStateResponse } from '@loadout/contracts';
import { UnitOfWork } from '@loadout/service-kit';
import { listingNotFound } from '../domain/listing.errors';
import { isFavoritable } from '../domain/listing-status';
import { ListingChanges } from '../listing-changes';
import { ListingEvents } from '../listing-events';
import { FavoriteRepository } from '../persistence/favorite.repository';

/**
 * A user favourites a listing. Idempotent: a repeat changes nothing. A new favourite also tells
 * the seller, through `listings.listing.favourited.v1` in the same transaction.
 */
@Injectable()
export class FavoriteListingHandler {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly favorites: FavoriteRepository,
    private readonly events: ListingEvents,
    private readonly changes: ListingChanges,
  ) {}

  async favorite(
    userId: string,
    listingId: string,
    requestId?: string,
  ): Promise<FavoriteStateResponse> {
    const { count, changed } = await this.uow.transaction(async (tx) => {
      const listing = await this.favorites.target(tx, listingId);
      if (!listing || !isFavoritable(listing.status)) throw listingNotFound();
      const favoriteCount = await this.favorites.add(tx, userId, listingId);
      if (favoriteCount === null) return { count: listing.favoriteCount, changed: false };
      await this.events.favourited(
        tx,
        { listingId, sellerId: listing.sellerId, userId, title: listing.title, favoriteCount },
        { actorId: userId, requestId },
      );
      return { count: favoriteCount, changed: true };
    });
    if (changed) await this.changes.invalidate(listingId);
    return { listingId, favorite: true, favoriteCount: count };
  }
}
