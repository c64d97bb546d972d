import { type ListingSnapshotV1 } from './listing-snapshot';

/** `listings.listing.updated.v1`: the owner (or an admin) changed a listing; new values. */
export interface ListingUpdatedV1 extends ListingSnapshotV1 {
  /** Names of the changed fields, e.g. `priceCents`, `images`, `featured`. */
  changed: string[];
}
