import { type ListingStatus } from '@loadout/contracts';
import { type Tx } from '@loadout/service-kit/tx';
import { type Listing, type ListingChange } from './listing';

/** Who caused a change, for its events (null: the system, e.g. an order's outcome). */
export interface ListingChangeMeta {
  actorId: string | null;
  requestId?: string;
}

/** A listing as read without a lock, with its row's version (for `saveIfUnchanged`). */
export interface VersionedListing {
  listing: Listing;
  version: string;
}

/**
 * Listings (the aggregate). `save` stores the change and appends its events to the outbox in
 * the caller's transaction, so both commit together. Reads for pages are `ListingQueries`.
 */
export abstract class ListingRepository {
  /** The listing, locked until the transaction ends (changes to one listing queue up). */
  abstract lock(tx: Tx, id: string): Promise<Listing | null>;
  /** A seller's listings of these statuses, locked (in id order: two callers never deadlock). */
  abstract lockOfSeller(tx: Tx, sellerId: string, statuses: ListingStatus[]): Promise<Listing[]>;
  /** A new listing's row (its events come with the `save` of its `created` change). */
  abstract insert(tx: Tx, listing: Listing): Promise<void>;
  abstract save(tx: Tx, change: ListingChange, meta: ListingChangeMeta): Promise<void>;
  /** The listing as read now, unlocked, with its row's version. */
  abstract findForChange(tx: Tx, id: string): Promise<VersionedListing | null>;
  /**
   * `save` as one statement guarded by the row's version (ADR 0064, as orders' ADR 0062): the
   * row and its events only if nobody wrote the row since `version` was read; otherwise nothing
   * at all (false), and the caller decides again on the locked row.
   */
  abstract saveIfUnchanged(
    tx: Tx,
    change: ListingChange,
    meta: ListingChangeMeta,
    version: string,
  ): Promise<boolean>;
}
