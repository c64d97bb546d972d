/**
 * `identity.user.sign_up_attempted.v1`: someone tried to sign up with the address of an existing
 * account. The API answered exactly as for a new address (no enumeration); this event tells the
 * owner instead, by email.
 */
export interface UserSignUpAttemptedV1 {
  userId: string;
  email: string;
  displayName: string;
  /** Where the owner signs in or resets the password. */
  signInUrl: string;
  resetUrl: string;
}
