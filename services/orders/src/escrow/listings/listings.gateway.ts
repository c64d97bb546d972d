import { type IrishCounty, type ListingStatus, type SellerType } from '@loadout/contracts';

/** What checkout needs to know about a listing (read from listings' public API). */
export interface ListingForCheckout {
  id: string;
  sellerId: string;
  status: ListingStatus;
  title: string;
  priceCents: number | null;
  /** Tracked post price; null = not posted. */
  postageCents: number | null;
  collection: boolean;
  photoUrl: string | null;
  sellerDisplayName: string;
  sellerType: SellerType;
  /** Where the item is (and collected from, when collection is offered). */
  county: IrishCounty | null;
}

/** The listing's terms as listings read them under the reservation's lock. */
export interface ReservedTerms {
  sellerId: string;
  priceCents: number | null;
  postageCents: number | null;
  collection: boolean;
}

export type ReserveOutcome = { kind: 'reserved'; terms: ReservedTerms } | { kind: 'unavailable' };

/**
 * The listings service as orders sees it. Commands are idempotent by order id on the listings
 * side, so a retried call after a crash or timeout is safe.
 */
export interface ListingsGateway {
  /** Null when the listing does not exist or is not public (draft, removed). */
  getListing(listingId: string): Promise<ListingForCheckout | null>;
  reserve(listingId: string, orderId: string): Promise<ReserveOutcome>;
  /**
   * Frees the listing held for a checkout whose order was never written; nothing to do when it
   * is not held for it. A written order's outcome reaches listings through its events (ADR 0044).
   */
  release(listingId: string, orderId: string): Promise<void>;
}

export const LISTINGS_GATEWAY = Symbol('LISTINGS_GATEWAY');
