/** `identity.user.suspended.v1`: the account may no longer sign in; `reason` is shown to the user. */
export interface UserSuspendedV1 {
  userId: string;
  reason: string;
  /** When the suspension ends (ISO 8601); null for a permanent one. */
  until: string | null;
  /** The admin who suspended; null for a system action. */
  suspendedBy: string | null;
}
