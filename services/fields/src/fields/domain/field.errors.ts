import { AppError, notFoundError } from '@loadout/errors';

export const fieldNotFound = () =>
  notFoundError('FIELDS.NOT_FOUND', 'That playing field could not be found.');
export const invalidField = (message: string, field: string) =>
  new AppError('FIELDS.INVALID', message, 'validation', [{ field, messages: [message] }]);
