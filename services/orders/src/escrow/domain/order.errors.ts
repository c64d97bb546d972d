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
  | 'ORDERS.OWN_LISTING'
  | 'ORDERS.DELIVERY_UNAVAILABLE'
  | 'ORDERS.DELIVERY_ADDRESS_REQUIRED'
  | 'ORDERS.DELIVERY_ADDRESS_NOT_ALLOWED'
  | 'ORDERS.DELIVERY_ADDRESS_INVALID'
  | 'ORDERS.SHIPPING_DETAILS_REQUIRED'
  | 'ORDERS.LISTING_NOT_FOUND'
  | 'ORDERS.LISTINGS_UNREACHABLE'
  | 'ORDERS.PAYMENTS_UNREACHABLE'
  | 'ORDERS.PAYMENT_IN_PROGRESS'
  | 'ORDERS.IDEMPOTENCY_KEY_IN_USE'
  | 'ORDERS.IDEMPOTENCY_KEY_REUSED'
  | 'ORDERS.PARKED_JOB_NOT_FOUND';

export type OrderErrorKind =
  'conflict' | 'forbidden' | 'not_found' | 'validation' | 'unprocessable' | 'unavailable';

export class OrderDomainError extends AppError {
  constructor(
    override readonly code: OrderErrorCode,
    message: string,
    override readonly kind: OrderErrorKind,
    override readonly details?: unknown,
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

export const deliveryAddressRequired = () =>
  new OrderDomainError(
    'ORDERS.DELIVERY_ADDRESS_REQUIRED',
    'Tell us where to send it: choose a saved address or enter one.',
    'validation',
    [{ field: 'deliveryAddress', messages: ['A delivery address is required for tracked post.'] }],
  );

export const deliveryAddressNotAllowed = () =>
  new OrderDomainError(
    'ORDERS.DELIVERY_ADDRESS_NOT_ALLOWED',
    'Collection in person needs no address: arrange the handover with the seller in messages.',
    'validation',
    [{ field: 'deliveryAddress', messages: ['Leave the address out for collection.'] }],
  );

/** `details`: the problems per field, as the address forms show them. */
export const deliveryAddressInvalid = (problems: { field: string; messages: string[] }[]) =>
  new OrderDomainError(
    'ORDERS.DELIVERY_ADDRESS_INVALID',
    problems[0]?.messages[0] ?? 'The delivery address is not valid.',
    'validation',
    problems.map((p) => ({ field: `deliveryAddress.${p.field}`, messages: p.messages })),
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

/** Another pay of this order is asking the processor right now (issue 23 sc. 5). */
export const paymentInProgress = () =>
  new OrderDomainError(
    'ORDERS.PAYMENT_IN_PROGRESS',
    'Your payment is being started. Wait a moment and check the order.',
    'conflict',
  );

/** A pay's answer came after the order was cancelled, expired or paid again (sc. 5). */
export const orderMovedOn = () =>
  new OrderDomainError(
    'ORDERS.ILLEGAL_TRANSITION',
    'This order changed while your payment was being started (it was cancelled or expired). The payment is cancelled, or refunded in full if it went through.',
    'conflict',
  );

export const parkedJobNotFound = () =>
  new OrderDomainError(
    'ORDERS.PARKED_JOB_NOT_FOUND',
    'No such parked job (retried or discarded already?).',
    'not_found',
  );
