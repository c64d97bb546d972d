/** `identity.user.suspended.v1`: the account may no longer sign in; `reason` is shown to the user. */
export interface UserSuspendedV1 {
  userId: string;
  reason: string;
}
