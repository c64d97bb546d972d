/**
 * `identity.user.password_reset_requested.v1`: send a password-reset email. Emitted only for an
 * existing account (the API answers the same either way). Single-use token, hashed at rest.
 */
export interface UserPasswordResetRequestedV1 {
  userId: string;
  email: string;
  displayName: string;
  resetUrl: string;
  expiresAt: string;
}
