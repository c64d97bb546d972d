import { conflictError } from '@loadout/errors';

// Refusals of the admin routes on accounts (ADR 0035).
export const cannotActOnSelf = () =>
  conflictError(
    'IDENTITY.CANNOT_ACT_ON_SELF',
    'Admins cannot suspend themselves or change their own role.',
  );
export const cannotSuspendAdmin = () =>
  conflictError(
    'IDENTITY.CANNOT_SUSPEND_ADMIN',
    'This account is an admin. Revoke the admin role before suspending it.',
  );
