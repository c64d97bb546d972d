import { type ListingSnapshotV1 } from './listing-snapshot';

/** `listings.listing.published.v1`: a listing became active (visible to buyers). */
export interface ListingPublishedV1 extends ListingSnapshotV1 {
  publishedAt: string;
}
