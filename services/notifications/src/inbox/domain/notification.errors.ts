import { notFoundError } from '@loadout/errors';

// Someone else's notification answers the same as a missing one: ids are not disclosed.
export const notificationNotFound = () =>
  notFoundError('NOTIFICATIONS.NOT_FOUND', 'That notification could not be found.');
