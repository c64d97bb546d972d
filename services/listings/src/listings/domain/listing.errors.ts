import { type DeliveryOption } from '@loadout/contracts';
import { AppError, conflictError, forbiddenError, notFoundError } from '@loadout/errors';
import { isJouleRefusal, type FieldProblem } from '@loadout/listing-rules';

export const listingNotFound = () =>
  notFoundError('LISTINGS.NOT_FOUND', 'That listing could not be found.');
export const notOwner = () =>
  forbiddenError('LISTINGS.NOT_OWNER', 'Only the seller can change this listing.');
export const notEditable = (status: string) =>
  conflictError('LISTINGS.NOT_EDITABLE', `A ${status} listing cannot be changed.`);
export const notAvailable = (message: string) => conflictError('LISTINGS.NOT_AVAILABLE', message);
/** A reserve for the listing's own seller (ADR 0056). */
export const ownListing = () =>
  conflictError('LISTINGS.OWN_LISTING', 'A seller cannot reserve their own listing.');
/** A reserve for a delivery the listing does not offer (ADR 0056). */
export const deliveryUnavailable = (delivery: DeliveryOption) =>
  conflictError(
    'LISTINGS.DELIVERY_UNAVAILABLE',
    delivery === 'post'
      ? 'This listing is not offered by post.'
      : 'This listing is not offered for collection.',
  );
export const reasonRequired = () =>
  new AppError(
    'LISTINGS.REASON_REQUIRED',
    'Give a reason of 5 to 500 characters for removing this listing.',
    'validation',
    [{ field: 'reason', messages: ['Give a reason of 5 to 500 characters.'] }],
  );
export const editConflict = () =>
  conflictError(
    'LISTINGS.EDIT_CONFLICT',
    'This listing was changed meanwhile. Reload it and try again.',
  );

/**
 * The domain rules' verdict as an error: the 1 joule refusal has its own code, and the first
 * problem's first message is the headline.
 */
export function listingProblemsError(problems: FieldProblem[]): AppError {
  const code = isJouleRefusal(problems)
    ? 'LISTINGS.JOULE_LIMIT_EXCEEDED'
    : 'LISTINGS.VALIDATION_FAILED';
  const message = problems[0]?.messages[0] ?? 'The listing is invalid.';
  return new AppError(code, message, 'validation', problems);
}
