import { AppError } from '@loadout/errors';

/** Refusals of the disputes area: stable codes, sentences a user can read. */
export type DisputeErrorCode =
  | 'DISPUTES.NOT_FOUND'
  | 'DISPUTES.NOT_ALLOWED'
  | 'DISPUTES.ILLEGAL_TRANSITION'
  | 'DISPUTES.ALREADY_OPEN'
  | 'DISPUTES.ORDER_NOT_DISPUTABLE'
  | 'DISPUTES.INVALID_AMOUNT'
  | 'DISPUTES.PHOTO_NOT_FOUND'
  | 'DISPUTES.TOO_MANY_PHOTOS'
  | 'DISPUTES.PHOTO_BODY';

export type DisputeErrorKind = 'conflict' | 'forbidden' | 'not_found' | 'validation';

export class DisputeDomainError extends AppError {
  constructor(
    override readonly code: DisputeErrorCode,
    message: string,
    override readonly kind: DisputeErrorKind,
    override readonly details?: Record<string, unknown>,
  ) {
    super(code, message, kind, details);
    this.name = 'DisputeDomainError';
  }
}

export const disputeNotFound = () =>
  new DisputeDomainError('DISPUTES.NOT_FOUND', 'This dispute does not exist.', 'not_found');

export const disputeAlreadyOpen = () =>
  new DisputeDomainError(
    'DISPUTES.ALREADY_OPEN',
    'A dispute is already open for this order.',
    'conflict',
  );

export const orderNotDisputable = () =>
  new DisputeDomainError(
    'DISPUTES.ORDER_NOT_DISPUTABLE',
    'A dispute can only be opened while the order is paid or shipped, before the money is released.',
    'conflict',
  );

export const invalidAmount = (maxCents: number) =>
  new DisputeDomainError(
    'DISPUTES.INVALID_AMOUNT',
    `A partial refund is between €0.01 and €${((maxCents - 1) / 100).toFixed(2)}; ask for a full refund to get everything back.`,
    'validation',
    { maxCents: maxCents - 1 },
  );
