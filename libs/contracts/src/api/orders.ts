import { type KeysetPageQuery } from './paging';
import { type DeliveryAddress, type DeliveryAddressInput } from './addresses';
import { type IrishCounty } from './irish-counties';
import { type DeliveryOption, type SellerType } from './listings';

/**
 * `pending_payment → paid → shipped → completed`; exits `cancelled` (before shipping, full
 * refund), `refunded` / `partially_refunded` (dispute outcomes), `expired` (never paid).
 * `disputed` is reserved for the disputes issue.
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'shipped',
  'completed',
  'cancelled',
  'refunded',
  'partially_refunded',
  'expired',
  'disputed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who caused a transition: the two parties, the deadline worker / payment events, or staff. */
export const ORDER_ACTORS = ['buyer', 'seller', 'system', 'admin'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** Integer euro cents. total = item + postage + fee; the seller receives item + postage. */
export interface OrderAmounts {
  itemCents: number;
  postageCents: number;
  /** Escrow protection fee: 2.5 % of item + postage, half-up to the cent, paid by the buyer. */
  feeCents: number;
  totalCents: number;
  sellerReceivesCents: number;
}

/** What the buyer saw at checkout; a later edit of the listing changes nothing here. */
export interface OrderListingSnapshot {
  title: string;
  photoUrl: string | null;
  sellerDisplayName: string;
  sellerType: SellerType;
}

export interface OrderTimelineEntry {
  status: OrderStatus;
  actor: OrderActor;
  /** ISO 8601 instant. */
  at: string;
  note?: string | null;
}

/** `GET /api/v1/orders/{id}` and the items of `GET /api/v1/orders`. */
export interface OrderView {
  id: string;
  listingId: string;
  buyerId: string;
  sellerId: string;
  status: OrderStatus;
  delivery: DeliveryOption;
  amounts: OrderAmounts;
  currency: 'eur';
  listing: OrderListingSnapshot;
  /**
   * Post orders: the address snapshotted at checkout. The buyer always sees it; the seller only
   * once the order is paid (ADR 0029); otherwise null, as for collection orders.
   */
  deliveryAddress: DeliveryAddress | null;
  /** Post orders: whether an address is on the order (true for the seller before payment too). */
  hasDeliveryAddress: boolean;
  /** Collection orders: the county the listing offers collection in, when it says. */
  collectionCounty: IrishCounty | null;
  carrier: string | null;
  trackingNumber: string | null;
  handedOverInPerson: boolean;
  /** Why it was cancelled, when it was. */
  cancelReason: string | null;
  /** A payment attempt that failed (`card_declined`, `insufficient_funds`), null otherwise. */
  lastPaymentError: { code: string; message: string } | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  completedAt: string | null;
  /** Deadlines (ISO 8601), null when they do not apply to the current state. */
  payBy: string | null;
  shipBy: string | null;
  autoReleaseAt: string | null;
  /**
   * A dispute settled by a partial refund (the order then `completed`, or `partially_refunded`;
   * ADR 0037): what went back to the buyer and what the seller is paid, in cents (refund +
   * seller + kept fee = total); else null.
   */
  settlement: { refundedCents: number; sellerNetCents: number } | null;
  timeline: OrderTimelineEntry[];
}

/** `POST /api/v1/orders`. */
export interface CreateOrderRequest {
  listingId: string;
  delivery: DeliveryOption;
  /** Required for `post` (a saved address's fields or a new one), refused for `collection`. */
  deliveryAddress?: DeliveryAddressInput | null;
}

/** Simulated processor: the test card form (4242 4242 4242 4242 succeeds). */
export interface SimulatedCardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/**
 * `POST /api/v1/orders/{id}/pay`. With the simulated processor the body carries `card`; with
 * Stripe it is empty (or names a `paymentMethodId`) and the answer's `clientSecret` is
 * confirmed in the browser by the Payment Element. Either way the order becomes `paid` only
 * when the processor's `payment.succeeded` event arrives (asynchronously).
 */
export interface PayOrderRequest {
  card?: SimulatedCardInput;
  paymentMethodId?: string;
}

export interface PayOrderResponse {
  order: OrderView;
  payment: {
    paymentId: string;
    status: 'processing' | 'succeeded' | 'failed';
    failureCode?: string | null;
    failureMessage?: string | null;
    /** Stripe only: confirm the PaymentIntent in the browser. */
    clientSecret?: string | null;
  };
}

/** `POST /api/v1/orders/{id}/ship`: tracked post, or handed over in person (collection). */
export type ShipOrderRequest =
  { carrier: string; trackingNumber: string } | { handedOverInPerson: true };

/** What the ship route accepts (one of `ShipOrderRequest`'s shapes; which one is checked there). */
export interface ShipOrderInput {
  carrier?: string;
  trackingNumber?: string;
  handedOverInPerson?: boolean;
}

/** `POST /api/v1/orders/{id}/cancel`. */
export interface CancelOrderRequest {
  reason?: string;
}

/** Admin: refund what Loadout still holds for an order (a partly refunded one, say). */
export interface RefundOrderRequest {
  reason: string;
}

/**
 * `POST /internal/orders/listing-holds` (service to service, `x-internal-token`): listings'
 * reservation sweep asks what to do with listings reserved for these orders.
 */
export interface ListingHoldsRequest {
  orderIds: string[];
}

/** `hold`: keep it reserved; `release`: make it buyable again; `sell`: it changed hands. */
export type ListingHold = 'hold' | 'release' | 'sell';

export interface ListingHoldsResponse {
  holds: Record<string, ListingHold>;
}

export const ORDER_ROLES = ['buyer', 'seller'] as const;
export type OrderRole = (typeof ORDER_ROLES)[number];

/** Query of `GET /api/v1/orders`: my purchases or my sales (of one listing), newest first. */
export interface ListOrdersQuery extends KeysetPageQuery {
  role?: OrderRole;
  listingId?: string;
}

/** `GET /api/v1/orders?role=buyer|seller&cursor=&limit=`: newest first, keyset pages. */
export interface OrdersPage {
  items: OrderView[];
  nextCursor: string | null;
}

export const PAYOUT_ACCOUNT_STATUSES = ['not_started', 'pending', 'complete'] as const;
export type PayoutAccountStatus = (typeof PAYOUT_ACCOUNT_STATUSES)[number];

export type PaymentsProviderName = 'simulated' | 'stripe';

/** `GET /api/v1/payouts/account`: the caller's seller payout account and money totals. */
export interface PayoutAccountView {
  status: PayoutAccountStatus;
  provider: PaymentsProviderName;
  /** Money of paid or shipped orders, not yet released. */
  heldCents?: number;
  /** Money released to the seller (completed orders). */
  releasedCents?: number;
  /**
   * Something the seller must fix with the processor (ADR 0042): the last payout to their bank
   * failed. Null when nothing needs attention.
   */
  attention?: PayoutAttentionView | null;
}

export interface PayoutAttentionView {
  kind: 'payout_failed';
  /** The processor's failure code (`account_closed`, `no_account` …). */
  failureCode: string;
  amountCents: number;
  /** ISO 8601. */
  failedAt: string;
}

/** `POST /api/v1/payouts/onboarding`: where to send the seller (Stripe account link). */
export interface PayoutOnboardingResponse {
  account: PayoutAccountView;
  /** Stripe: the hosted onboarding URL; simulated: null (onboarding completes at once). */
  url: string | null;
}

/** `GET /api/v1/payments/config`: which processor the browser talks to. */
export interface PaymentsConfigView {
  provider: PaymentsProviderName;
  publishableKey?: string;
  /** True for the simulated processor and Stripe test keys: "Test mode — no real money moves". */
  testMode: boolean;
}

/** `GET /api/v1/admin/ledger/check` (admins). */
export interface LedgerCheckView {
  ok: boolean;
  /** Orders whose postings do not sum to zero. */
  unbalancedOrders: { orderId: string; sumCents: number }[];
  heldCents: number;
  /**
   * Σ total of paid / shipped orders (money the platform must still hold), plus failed refunds
   * held again until their retry (ADR 0042).
   */
  expectedHeldCents: number;
  /**
   * Orders whose `refund_pending` balance is not the refund they have in flight (ADR 0042):
   * pending money no refund accounts for, or a refund in flight the ledger does not show.
   */
  refundPendingMismatches: { orderId: string; ledgerCents: number; inFlightCents: number }[];
}

/**
 * A job of orders that exhausted its attempts (issue 23 scenario 7), as
 * `GET /internal/jobs/parked` (admins) lists it for the admin area.
 */
export interface ParkedJobDto {
  id: string;
  orderId: string;
  /** e.g. `refund_payment`, `transfer_to_seller`, `reverse_transfer`. */
  kind: string;
  attempts: number;
  lastError: string | null;
  parkedAt: string;
  createdAt: string;
}

/** `GET /internal/jobs/parked?limit=` */
export interface ParkedJobListResponse {
  items: ParkedJobDto[];
}

/** `GET /api/v1/admin/parked-jobs` (admins): one entry per service that parks jobs (orders). */
export interface ParkedJobSourceDto {
  service: 'orders';
  /** `unavailable` when the service did not answer (then `items` is empty). */
  status: 'ok' | 'unavailable';
  items: ParkedJobDto[];
}
