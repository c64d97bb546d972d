import { type Tx } from '@loadout/service-kit/tx';
import { type Offer, type OfferActor, type OfferChange } from './offer';

/** Who caused a change, for its event (null: the expirer). */
export interface OfferChangeMeta {
  actorId: string | null;
  requestId?: string;
  /** An accepted offer: when its order expires unpaid (for the event). */
  payBy?: Date;
}

/**
 * Offers. `insert` and `save` store the change and append its `orders.offer.<step>.v1` event
 * to the outbox in the caller's transaction (both commit together).
 */
export abstract class OfferRepository {
  abstract find(tx: Tx, id: string): Promise<Offer | null>;
  /** The offer, locked until the transaction ends (`FOR UPDATE`). */
  abstract lock(tx: Tx, id: string): Promise<Offer | null>;
  /** The buyer's running (open or countered) offer on the listing, locked, if any. */
  abstract lockActive(tx: Tx, listingId: string, buyerId: string): Promise<Offer | null>;
  /** A new offer; a second running one of the buyer on the listing violates a unique index. */
  abstract insert(tx: Tx, change: OfferChange, meta: OfferChangeMeta): Promise<void>;
  abstract save(tx: Tx, change: OfferChange, meta: OfferChangeMeta): Promise<void>;
  /** Every running offer on the listing, locked (in id order, so two callers never deadlock). */
  abstract lockRunningOnListing(tx: Tx, listingId: string): Promise<Offer[]>;
  /** The oldest running offer whose time is up, claimed (`FOR UPDATE SKIP LOCKED`). */
  abstract claimLapsed(tx: Tx, now: Date): Promise<Offer | null>;
  /** The user's offers on one side, newest first. */
  abstract listFor(tx: Tx, userId: string, role: OfferActor, limit: number): Promise<Offer[]>;
}
