import { hashToken, newOneTimeToken, tokenLink } from './one-time-token';

describe('one-time tokens', () => {
  it('are random, URL-safe and stored only as a SHA-256 hash', () => {
    const a = newOneTimeToken('verify_email');
    const b = newOneTimeToken('verify_email');
    expect(a.raw).not.toBe(b.raw);
    expect(a.raw).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.hash).toBe(hashToken(a.raw));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expire after 24 hours for verification and 1 hour for password reset', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(newOneTimeToken('verify_email', now).expiresAt.toISOString()).toBe(
      '2026-05-02T10:00:00.000Z',
    );
    expect(newOneTimeToken('reset_password', now).expiresAt.toISOString()).toBe(
      '2026-05-01T11:00:00.000Z',
    );
  });

  it('builds the account pages links of ADR 0006', () => {
    expect(tokenLink('http://localhost:8080', 'verify_email', 'abc')).toBe(
      'http://localhost:8080/auth/verify-email?token=abc',
    );
    expect(tokenLink('https://loadout.ie', 'reset_password', 'x_y-z')).toBe(
      'https://loadout.ie/auth/reset-password?token=x_y-z',
    );
  });
});
