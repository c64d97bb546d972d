import { AppError } from '@loadout/errors';

/** Refusals of the offers area: stable codes, a sentence a user can read, a kind → status. */
export type OfferErrorCode =
  | 'ORDERS.OFFER_NOT_FOUND'
  | 'ORDERS.OFFER_LISTING_NOT_FOUND'
  | 'ORDERS.OFFER_LISTING_UNAVAILABLE'
  | 'ORDERS.OFFER_OWN_LISTING'
  | 'ORDERS.OFFER_BELOW_MINIMUM'
  | 'ORDERS.OFFER_NOT_BELOW_PRICE'
  | 'ORDERS.OFFER_COUNTER_INVALID'
  | 'ORDERS.OFFER_ALREADY_OPEN'
  | 'ORDERS.OFFER_NOT_ALLOWED'
  | 'ORDERS.OFFER_CLOSED'
  | 'ORDERS.OFFER_EXPIRED';

export type OfferErrorKind = 'conflict' | 'forbidden' | 'not_found' | 'validation';

export class OfferDomainError extends AppError {
  constructor(
    override readonly code: OfferErrorCode,
    message: string,
    override readonly kind: OfferErrorKind,
    override readonly details?: Record<string, unknown>,
  ) {
    super(code, message, kind, details);
    this.name = 'OfferDomainError';
  }
}

/** Strangers get this too: no probing for offer ids. */
export const offerNotFound = () =>
  new OfferDomainError('ORDERS.OFFER_NOT_FOUND', 'This offer does not exist.', 'not_found');

export const offerListingNotFound = () =>
  new OfferDomainError('ORDERS.OFFER_LISTING_NOT_FOUND', 'This item does not exist.', 'not_found');

export const offerListingUnavailable = () =>
  new OfferDomainError(
    'ORDERS.OFFER_LISTING_UNAVAILABLE',
    'This item is no longer available.',
    'conflict',
  );

export const offerOwnListing = () =>
  new OfferDomainError(
    'ORDERS.OFFER_OWN_LISTING',
    'You cannot make an offer on your own listing.',
    'conflict',
  );

export const offerBelowMinimum = (minimumCents: number, percent: number) =>
  new OfferDomainError(
    'ORDERS.OFFER_BELOW_MINIMUM',
    `An offer must be at least ${percent} % of the asking price.`,
    'validation',
    { field: 'amountCents', minimumCents },
  );

export const offerNotBelowPrice = (askingCents: number) =>
  new OfferDomainError(
    'ORDERS.OFFER_NOT_BELOW_PRICE',
    'An offer must be below the asking price. Buy it instead.',
    'validation',
    { field: 'amountCents', askingCents },
  );

export const counterInvalid = (minimumCents: number, maximumCents: number) =>
  new OfferDomainError(
    'ORDERS.OFFER_COUNTER_INVALID',
    'A counter-offer must be above the offer and at most the asking price.',
    'validation',
    { field: 'amountCents', minimumCents, maximumCents },
  );

export const offerAlreadyOpen = (offerId: string) =>
  new OfferDomainError(
    'ORDERS.OFFER_ALREADY_OPEN',
    'You already have an open offer on this item.',
    'conflict',
    { offerId },
  );

export const offerNotAllowed = (message: string) =>
  new OfferDomainError('ORDERS.OFFER_NOT_ALLOWED', message, 'forbidden');

export const offerClosed = (status: string) =>
  new OfferDomainError('ORDERS.OFFER_CLOSED', 'This offer is no longer open.', 'conflict', {
    status,
  });

export const offerExpired = () =>
  new OfferDomainError('ORDERS.OFFER_EXPIRED', 'This offer has expired.', 'conflict');
