/**
 * `identity.user.verification_requested.v1`: send the verification email (after sign-up and on
 * resend). `verifyUrl` carries a single-use token that expires at `expiresAt`; the identity
 * service stores only its hash. The event log is internal, so the link never leaves the platform
 * except in the email itself.
 */
export interface UserVerificationRequestedV1 {
  userId: string;
  email: string;
  displayName: string;
  verifyUrl: string;
  expiresAt: string;
}
