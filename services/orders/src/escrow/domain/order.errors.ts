import { AppError } from '@loadout/errors';

/**
 * A refusal of the domain: a stable code (survives process boundaries) and a sentence a user
 * can read. The shared error filter maps `kind` to a status; the domain knows no HTTP.
 */
export type OrderErrorCode =
  | 'ORDERS.ILLEGAL_TRANSITION'
  | 'ORDERS.NOT_ALLOWED'
  | 'ORDERS.NOT_FOUND'
  | 'ORDERS.LISTING_UNAVAILABLE'
  | 'ORDERS.LISTING_CHANGED'
  | 'ORDERS.OWN_LISTING'
  | 'ORDERS.DELIVERY_UNAVAILABLE'
  | 'ORDERS.SHIPPING_DETAILS_REQUIRED'
  | 'ORDERS.LISTING_NOT_FOUND'
  | 'ORDERS.LISTINGS_UNREACHABLE'
  | 'ORDERS.PAYMENTS_UNREACHABLE'
  | 'ORDERS.IDEMPOTENCY_KEY_IN_USE'
  | 'ORDERS.IDEMPOTENCY_KEY_REUSED';

export type OrderErrorKind = 'conflict' | 'forbidden' | 'not_found' | 'validation' | 'unavailable';

export class OrderDomainError extends AppError {
  constructor(
    override readonly code: OrderErrorCode,
    message: string,
    override readonly kind: OrderErrorKind,
    override readonly details?: Record<string, unknown>,
  ) {
    super(code, message, kind, details);
    this.name = 'OrderDomainError';
  }
}

export const orderNotFound = () =>
  new OrderDomainError('ORDERS.NOT_FOUND', 'This order does not exist.', 'not_found');

export const listingUnavailable = () =>
  new OrderDomainError(
    'ORDERS.LISTING_UNAVAILABLE',
    'This item is no longer available',
    'conflict',
  );

/** The listing's terms changed between the buyer's look and the reservation (issue 23 sc. 11). */
export const listingChanged = () =>
  new OrderDomainError(
    'ORDERS.LISTING_CHANGED',
    'The seller changed this item (its price or delivery) while you were checking out. Check it again.',
    'conflict',
  );

export const listingNotFound = () =>
  new OrderDomainError('ORDERS.LISTING_NOT_FOUND', 'This item does not exist.', 'not_found');

export const ownListing = () =>
  new OrderDomainError('ORDERS.OWN_LISTING', 'You cannot buy your own listing.', 'conflict');

export const deliveryUnavailable = (delivery: string) =>
  new OrderDomainError(
    'ORDERS.DELIVERY_UNAVAILABLE',
    delivery === 'post'
      ? 'The seller does not post this item. Choose collection in person.'
      : 'The seller does not offer collection for this item. Choose tracked post.',
    'validation',
  );

export const shippingDetailsRequired = () =>
  new OrderDomainError(
    'ORDERS.SHIPPING_DETAILS_REQUIRED',
    'Give the carrier and the tracking number of the parcel.',
    'validation',
  );

export const listingsUnreachable = () =>
  new OrderDomainError(
    'ORDERS.LISTINGS_UNREACHABLE',
    'We could not check this item just now. Please try again shortly.',
    'unavailable',
  );

export const paymentsUnreachable = () =>
  new OrderDomainError(
    'ORDERS.PAYMENTS_UNREACHABLE',
    'The payment processor did not answer. Nothing was charged; please try again shortly.',
    'unavailable',
  );
