import { AppError } from '@loadout/errors';

/** Refusals of the reviews area: stable codes, a sentence a user can read, a kind → status. */
export type ReviewErrorCode =
  | 'ORDERS.NOT_FOUND'
  | 'ORDERS.REVIEW_ORDER_NOT_COMPLETED'
  | 'ORDERS.REVIEW_ALREADY_LEFT'
  | 'ORDERS.REVIEW_WINDOW_CLOSED'
  | 'ORDERS.REVIEW_INVALID'
  | 'ORDERS.REVIEW_NOT_FOUND'
  | 'ORDERS.REVIEW_REPLY_NOT_ALLOWED'
  | 'ORDERS.REVIEW_REPLY_ALREADY_LEFT';

export type ReviewErrorKind = 'conflict' | 'forbidden' | 'not_found' | 'validation';

export class ReviewDomainError extends AppError {
  constructor(
    override readonly code: ReviewErrorCode,
    message: string,
    override readonly kind: ReviewErrorKind,
    override readonly details?: Record<string, unknown>,
  ) {
    super(code, message, kind, details);
    this.name = 'ReviewDomainError';
  }
}

/** Same answer as the escrow routes give a stranger: no probing for order ids. */
export const reviewOrderNotFound = () =>
  new ReviewDomainError('ORDERS.NOT_FOUND', 'This order does not exist.', 'not_found');

export const orderNotCompleted = () =>
  new ReviewDomainError(
    'ORDERS.REVIEW_ORDER_NOT_COMPLETED',
    'You can review a sale only once it is completed.',
    'conflict',
  );

export const reviewAlreadyLeft = () =>
  new ReviewDomainError(
    'ORDERS.REVIEW_ALREADY_LEFT',
    'You have already reviewed this order.',
    'conflict',
  );

export const reviewWindowClosed = (closedAt: Date) =>
  new ReviewDomainError(
    'ORDERS.REVIEW_WINDOW_CLOSED',
    'The time to review this order has ended.',
    'conflict',
    { closedAt: closedAt.toISOString() },
  );

export const reviewInvalid = (message: string, field: string) =>
  new ReviewDomainError('ORDERS.REVIEW_INVALID', message, 'validation', { field });

export const reviewNotFound = () =>
  new ReviewDomainError('ORDERS.REVIEW_NOT_FOUND', 'This review does not exist.', 'not_found');

export const replyNotAllowed = () =>
  new ReviewDomainError(
    'ORDERS.REVIEW_REPLY_NOT_ALLOWED',
    'Only the seller who was reviewed can reply to this review.',
    'forbidden',
  );

export const replyAlreadyLeft = () =>
  new ReviewDomainError(
    'ORDERS.REVIEW_REPLY_ALREADY_LEFT',
    'You have already replied to this review.',
    'conflict',
  );
