import { newId } from '@loadout/db';
import { type NewEvent } from '@loadout/events';

/** `listings.listing.favourited.v1` of `listingId` (owned by `sellerId`) at `at`. */
export function listingFavourited(
  listingId: string,
  sellerId: string,
  opts: { userId?: string; favoriteCount?: number; at?: string; title?: string } = {},
): NewEvent<'listings.listing.favourited.v1'> {
  return {
    type: 'listings.listing.favourited.v1',
    aggregateId: listingId,
    payload: {
      listingId,
      sellerId,
      userId: opts.userId ?? newId(),
      title: opts.title ?? 'G&G CM16 Raider',
      favoriteCount: opts.favoriteCount ?? 1,
      favouritedAt: opts.at ?? new Date().toISOString(),
    },
  };
}
