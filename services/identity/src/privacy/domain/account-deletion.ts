import { type DeletionBlocker, type DeletionBlockerReason } from '@loadout/contracts';
import { AppError, validationError } from '@loadout/errors';

/** What a deleted account keeps: its id, role, dates, and nothing that names a person. */
export interface ErasedAccountFields {
  email: string;
  username: string;
  usernameSkeleton: string;
  displayName: string;
  fullName: string;
  bio: string;
  location: string;
  county: null;
  avatarUrl: null;
  dateOfBirth: null;
  passwordHash: null;
  suspendedReason: null;
  deletedAt: Date;
}

/** The name other members see where a deleted user used to be (messages, orders, reviews). */
export const DELETED_USER_NAME = 'Deleted user';

/**
 * The erased profile of account `id` (ADR 0039). Email and username become placeholders that
 * cannot collide with a real one (`.invalid` is reserved, RFC 6761; usernames never contain
 * `~`), so both are free for a new account and nothing reaches the old address.
 */
export function erasedAccountFields(id: string, now: Date): ErasedAccountFields {
  const tag = id.replace(/[^A-Za-z0-9]/g, '').slice(0, 21);
  return {
    email: `deleted-${tag}@deleted.invalid`,
    username: `deleted~${tag}`,
    usernameSkeleton: `deleted~${id}`,
    displayName: DELETED_USER_NAME,
    fullName: '',
    bio: '',
    location: '',
    county: null,
    avatarUrl: null,
    dateOfBirth: null,
    passwordHash: null,
    suspendedReason: null,
    deletedAt: now,
  };
}

/** The typed confirmation must be the username, compared without case or outer spaces. */
export function confirmsUsername(typed: string, username: string): boolean {
  return typed.trim().toLowerCase() === username.toLowerCase();
}

export const confirmationMismatch = () =>
  validationError(
    'IDENTITY.DELETION_CONFIRMATION_MISMATCH',
    'Type your username exactly to confirm that you want to delete your account.',
    { fields: { confirmUsername: 'Does not match your username.' } },
  );

export const deletionCheckUnavailable = () =>
  new AppError(
    'IDENTITY.DELETION_CHECK_UNAVAILABLE',
    'We could not check your orders right now, so your account was not deleted. Please try again later.',
    'unavailable',
  );

const BLOCKED: Record<DeletionBlockerReason, { code: string; message: string }> = {
  money_held: {
    code: 'IDENTITY.DELETION_BLOCKED_MONEY_HELD',
    message:
      'Your account cannot be deleted while an order of yours holds money. Finish, cancel or refund it first (My Purchases / My Sales).',
  },
  payment_pending: {
    code: 'IDENTITY.DELETION_BLOCKED_MONEY_HELD',
    message:
      'Your account cannot be deleted while an order of yours waits for payment. Pay for it or cancel it first (My Purchases / My Sales).',
  },
  payout_pending: {
    code: 'IDENTITY.DELETION_BLOCKED_PAYOUT_PENDING',
    message:
      'Your account cannot be deleted while money from a sale is still owed to you. Set up payouts so it can be paid out first.',
  },
  open_dispute: {
    code: 'IDENTITY.DELETION_BLOCKED_OPEN_DISPUTE',
    message:
      'Your account cannot be deleted while a dispute about one of your orders is open. It can be deleted once the dispute is resolved.',
  },
  open_offer: {
    code: 'IDENTITY.DELETION_BLOCKED_OPEN_OFFER',
    message:
      'Your account cannot be deleted while an offer of yours is still open. Withdraw or decline it first (Offers).',
  },
};

/** Most serious first: the error names the first reason present, `details` lists them all. */
const PRIORITY: DeletionBlockerReason[] = [
  'open_dispute',
  'money_held',
  'payment_pending',
  'payout_pending',
  'open_offer',
];

/** The 409 for orders' blockers, or null when nothing blocks the deletion. */
export function deletionBlocked(blockers: DeletionBlocker[]): AppError | null {
  if (blockers.length === 0) return null;
  const first = PRIORITY.find((r) => blockers.some((b) => b.reason === r)) ?? blockers[0].reason;
  const { code, message } = BLOCKED[first];
  return new AppError(code, message, 'conflict', { blockers });
}
