import { type AddressProblem } from '@loadout/address-rules';
import { AppError, validationError } from '@loadout/errors';
import { ADDRESS_LIMITS } from '@loadout/contracts';

export const addressInvalid = (problems: AddressProblem[]) =>
  validationError(
    'IDENTITY.ADDRESS_INVALID',
    problems[0]?.messages[0] ?? 'The address is not valid.',
    problems,
  );

/** A stranger's address answers exactly like one that does not exist (no probing for ids). */
export const addressNotFound = () =>
  new AppError('IDENTITY.ADDRESS_NOT_FOUND', 'This address does not exist.', 'not_found');

export const addressBookFull = () =>
  new AppError(
    'IDENTITY.ADDRESS_BOOK_FULL',
    `You can keep up to ${ADDRESS_LIMITS.perAccount} addresses. Delete one to add another.`,
    'conflict',
  );
