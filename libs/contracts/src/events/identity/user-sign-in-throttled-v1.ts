/**
 * `identity.user.sign_in_throttled.v1`: wrong passwords for this account reached the warning
 * count within the window (ADR 0021), at most once per window. The guessing addresses are made
 * to wait; the owner is told by email, with a way to reset the password.
 */
export interface UserSignInThrottledV1 {
  userId: string;
  email: string;
  displayName: string;
  /** Wrong passwords within the window when the warning was sent. */
  failedAttempts: number;
  windowMinutes: number;
  /** Where the owner resets the password. */
  resetUrl: string;
}
