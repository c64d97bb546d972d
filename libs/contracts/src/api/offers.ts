import { type DeliveryAddressInput } from './addresses';
import { type DeliveryOption } from './listings';
import { type OrderRole, type OrderStatus } from './orders';

/**
 * Offers (issue 24, ADR 0031): a buyer proposes a price for an active listing; the seller
 * accepts, declines or counters; the buyer accepts or declines a counter, or withdraws. Each
 * offer or counter expires after 48 hours. Accepting creates the order at the agreed price,
 * reserved for that buyer. Amounts in integer euro cents.
 */
export const OFFER_STATUSES = [
  'open',
  'countered',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  'closed',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Statuses in which the negotiation is still running (one per buyer per listing). */
export const OFFER_ACTIVE_STATUSES: readonly OfferStatus[] = ['open', 'countered'];

/** The defaults of the server's `OFFER_MIN_PERCENT` and `OFFER_TTL_HOURS`. */
export const OFFER_MIN_PERCENT_DEFAULT = 50;
export const OFFER_TTL_HOURS_DEFAULT = 48;
export const OFFER_MESSAGE_MAX = 1_000;

/** The smallest offer (cents) for an asking price: `percent` % of it, rounded up to the cent. */
export function offerMinimumCents(
  askingCents: number,
  percent = OFFER_MIN_PERCENT_DEFAULT,
): number {
  return Math.ceil((askingCents * percent) / 100);
}

export type OfferStepKind =
  'made' | 'countered' | 'accepted' | 'declined' | 'withdrawn' | 'expired' | 'closed';

/**
 * Why a running offer was closed (ADR 0037): another order took the listing, in the transaction
 * that wrote that order. `other_offer_accepted`: the seller (or a buyer, of a counter) accepted
 * another buyer's offer; `reserved_by_checkout`: another buyer is buying it at the asking price;
 * `buyer_checked_out`: this offer's own buyer bought it at the asking price;
 * `listing_removed`: the seller withdrew the listing, or a moderator removed it.
 */
export const OFFER_CLOSED_REASONS = [
  'other_offer_accepted',
  'reserved_by_checkout',
  'buyer_checked_out',
  'listing_removed',
] as const;
export type OfferClosedReason = (typeof OFFER_CLOSED_REASONS)[number];

/** One step of the negotiation (the thread). */
export interface OfferStepView {
  kind: OfferStepKind;
  by: 'buyer' | 'seller' | 'system';
  /** The amount proposed by this step (made, countered), else null. */
  amountCents: number | null;
  message: string | null;
  /** ISO 8601. */
  at: string;
}

/** `GET /api/v1/offers/{id}`, the items of `GET /api/v1/offers`, and every action's answer. */
export interface OfferView {
  id: string;
  listingId: string;
  listingTitle: string;
  listingPhotoUrl: string | null;
  buyerId: string;
  sellerId: string;
  /** The caller's side of this offer. */
  role: 'buyer' | 'seller';
  status: OfferStatus;
  /** The listing's price when the offer was made. */
  askingCents: number;
  /** What is on the table now: the buyer's offer, or the seller's counter. */
  amountCents: number;
  delivery: DeliveryOption;
  /** Who must answer now (null once the negotiation ended). */
  awaiting: 'buyer' | 'seller' | null;
  /** When the offer or counter on the table lapses (ISO 8601). */
  expiresAt: string;
  createdAt: string;
  updatedAt: string;
  /** The order an accepted offer created (the buyer pays it). */
  orderId: string | null;
  /** Why the offer was closed (status `closed`), else null. */
  closedReason: OfferClosedReason | null;
  /** Where the accepted offer's order stands (null before an order exists). */
  orderStatus: OrderStatus | null;
  /** While that order waits for payment: when it expires unpaid (ISO 8601), else null. */
  payBy: string | null;
  steps: OfferStepView[];
}

/** Query of `GET /api/v1/offers`: sent (buyer), received (seller), or both. */
export interface ListOffersQuery {
  role?: OrderRole;
}

export interface OffersPage {
  items: OfferView[];
}

/** `POST /api/v1/offers`: delivery is chosen now, so accepting can create the order. */
export interface MakeOfferRequest {
  listingId: string;
  amountCents: number;
  message?: string | null;
  delivery: DeliveryOption;
  /** Required for post, refused for collection (ADR 0029). */
  deliveryAddress?: DeliveryAddressInput | null;
}

/** `POST /api/v1/offers/{id}/counter` (seller). */
export interface CounterOfferRequest {
  amountCents: number;
  message?: string | null;
}

/** `POST /api/v1/offers/{id}/accept`: the accepted offer and the order made of it (to pay). */
export interface AcceptOfferResponse {
  offer: OfferView;
  orderId: string;
}
