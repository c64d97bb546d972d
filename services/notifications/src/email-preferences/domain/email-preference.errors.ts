import { AppError, notFoundError } from '@loadout/errors';

export const essentialEmailLocked = (kind: string) =>
  new AppError(
    'NOTIFICATIONS.EMAIL_KIND_LOCKED',
    `${kind === 'orders' ? 'Order' : 'Security'} emails cannot be turned off.`,
    'validation',
    { field: kind },
  );

// One answer for a malformed, forged or unknown token: nothing is disclosed.
export const unsubscribeLinkInvalid = () =>
  notFoundError(
    'NOTIFICATIONS.UNSUBSCRIBE_LINK_INVALID',
    'This unsubscribe link is not valid. Change your email settings on your profile instead.',
  );
