import { isSuspended, type SuspensionFacts } from './suspension';

/** What decides whether an account is a live user others may address (messages, reports…). */
export interface AccountStatusFacts extends SuspensionFacts {
  emailVerifiedAt: Date | null;
  /** Null when the credentials live in Keycloak, which decides about verification itself. */
  passwordHash: string | null;
  /** Set when the owner deleted the account (ADR 0039); absent = not deleted. */
  deletedAt?: Date | null;
}

/**
 * Active = could sign in now: not suspended (a suspension past its end date no longer counts),
 * and either verified here or provisioned from a Keycloak token (Keycloak only lets verified
 * users through when the realm requires it).
 */
export function isActiveAccount(user: AccountStatusFacts, now: Date = new Date()): boolean {
  if (user.deletedAt) return false;
  if (isSuspended(user, now)) return false;
  return user.emailVerifiedAt !== null || user.passwordHash === null;
}
