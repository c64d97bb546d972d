import { createHash, randomBytes } from 'node:crypto';

export type TokenPurpose = 'verify_email' | 'reset_password';

/** Email verification links last 24 hours, password reset links 1 hour; both are single use. */
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  verify_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/** Only the SHA-256 of a token is stored: a database leak yields no usable link. */
export function hashToken(raw: string): string {
  return createHash('sha256').update(raw, 'utf8').digest('hex');
}

export function newOneTimeToken(
  purpose: TokenPurpose,
  now: Date = new Date(),
): { raw: string; hash: string; expiresAt: Date } {
  const raw = randomBytes(32).toString('base64url');
  return {
    raw,
    hash: hashToken(raw),
    expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
  };
}

/** `${PUBLIC_URL}/auth/verify-email?token=…` and `${PUBLIC_URL}/auth/reset-password?token=…` (ADR 0006). */
export function tokenLink(publicUrl: string, purpose: TokenPurpose, raw: string): string {
  const page = purpose === 'verify_email' ? 'verify-email' : 'reset-password';
  return `${publicUrl}/auth/${page}?token=${encodeURIComponent(raw)}`;
}
