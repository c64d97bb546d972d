/** `identity.user.verified.v1`: the user confirmed their email address and may sign in. */
export interface UserVerifiedV1 {
  userId: string;
  email: string;
}
