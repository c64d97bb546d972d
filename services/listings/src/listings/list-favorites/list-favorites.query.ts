import { Injectable } from '@nestjs/common';
import {
  LISTING_LIMITS,
  type FavoriteIdsResponse,
  type ListingListResponse,
} from '@loadout/contracts';
import { positionOf, toListResponse } from '../browse-listings/browse-listings.query';
import { ListingQueries } from '../persistence/listing-queries';

const MAX_IDS = 1000;

/** A user's favourites: a page of listings (most recently added first) or just their ids. */
@Injectable()
export class ListFavoritesQuery {
  constructor(private readonly queries: ListingQueries) {}

  async list(
    userId: string,
    cursor: string | undefined,
    limit: number = LISTING_LIMITS.pageDefault,
  ): Promise<ListingListResponse> {
    const page = await this.queries.favorites(userId, positionOf('favorites', cursor), limit);
    return toListResponse('favorites', page, limit);
  }

  async ids(userId: string): Promise<FavoriteIdsResponse> {
    return { ids: await this.queries.favoriteIds(userId, MAX_IDS) };
  }
}
