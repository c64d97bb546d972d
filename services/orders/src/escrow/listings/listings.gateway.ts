import {
  type DeliveryOption,
  type IrishCounty,
  type ListingStatus,
  type SellerType,
} from '@loadout/contracts';

/** A listing as listings' public page shows it (offers read it before anything is held). */
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

/** What an order is made of: the listing as the reservation read it under its lock (ADR 0056). */
export type ReservedListing = Omit<ListingForCheckout, 'id' | 'status'>;

/** Who a checkout reserves for, and how they want it delivered (ADR 0056). */
export interface ReservationFor {
  buyerId: string;
  delivery: DeliveryOption;
}

/**
 * A reserve's answer. `reserved` carries the listing as listings read it under the reservation's
 * lock: the order is made of it (ADR 0056). Refusals write nothing at listings.
 */
export type ReserveOutcome =
  | { kind: 'reserved'; listing: ReservedListing }
  | { kind: 'not_found' }
  | { kind: 'unavailable' }
  | { kind: 'own_listing' }
  | { kind: 'delivery_unavailable' };

/**
 * The listings service as orders sees it. Commands are idempotent by order id on the listings
 * side, so a retried call after a crash or timeout is safe.
 */
export interface ListingsGateway {
  /** Null when the listing does not exist or is not public (draft, removed). */
  getListing(listingId: string): Promise<ListingForCheckout | null>;
  /** Holds the listing for `orderId` (idempotent by it) unless listings refuses (see outcome). */
  reserve(listingId: string, orderId: string, buyer: ReservationFor): Promise<ReserveOutcome>;
  /**
   * Frees the listing held for a checkout whose order was never written; nothing to do when it
   * is not held for it. A written order's outcome reaches listings through its events (ADR 0044).
   */
  release(listingId: string, orderId: string): Promise<void>;
}

export const LISTINGS_GATEWAY = Symbol('LISTINGS_GATEWAY');
