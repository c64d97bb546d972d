/**
 * `identity.user.reinstated.v1`: a suspension ended, lifted by an admin (`cause: 'lifted'`,
 * `liftedBy`, the admin's `note`) or because its end date passed (`expired`, both null). The
 * account may sign in again.
 */
export interface UserReinstatedV1 {
  userId: string;
  cause: 'lifted' | 'expired';
  liftedBy: string | null;
  note: string | null;
}
