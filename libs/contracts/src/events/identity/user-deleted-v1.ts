/**
 * `identity.user.deleted.v1`: the account was deleted by its owner (GDPR art. 17, ADR 0039).
 * Identity has already erased the profile; every consumer erases or anonymises the personal
 * data it holds about `userId` (and keeps what the law requires for completed orders). It
 * carries no personal data itself: only the id, which the services keep as a bare reference.
 */
export interface UserDeletedV1 {
  userId: string;
  /** When identity erased the account (ISO 8601). */
  deletedAt: string;
}
