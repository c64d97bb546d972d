import { isActiveAccount } from './account-status';

const verified = { suspendedAt: null, emailVerifiedAt: new Date(), passwordHash: 'argon2id$…' };

describe('isActiveAccount', () => {
  it('counts a verified, unsuspended account as active', () => {
    expect(isActiveAccount(verified)).toBe(true);
  });

  it('refuses a suspended account even when verified', () => {
    expect(isActiveAccount({ ...verified, suspendedAt: new Date() })).toBe(false);
  });

  it('refuses an embedded account whose email was never verified', () => {
    expect(isActiveAccount({ ...verified, emailVerifiedAt: null })).toBe(false);
  });

  it('accepts a Keycloak-provisioned profile (no local password) without a local verification', () => {
    expect(isActiveAccount({ ...verified, emailVerifiedAt: null, passwordHash: null })).toBe(true);
  });
});
