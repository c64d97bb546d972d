import { isActiveAccount } from './account-status';

const verified = {
  suspendedAt: null,
  suspendedUntil: null,
  emailVerifiedAt: new Date(),
  passwordHash: 'argon2id$…',
};

describe('isActiveAccount', () => {
  it('counts a verified, unsuspended account as active', () => {
    expect(isActiveAccount(verified)).toBe(true);
  });

  it('refuses a suspended account even when verified', () => {
    expect(isActiveAccount({ ...verified, suspendedAt: new Date() })).toBe(false);
  });

  it('counts an account whose suspension has passed its end date as active again', () => {
    const past = new Date(Date.now() - 1000);
    expect(isActiveAccount({ ...verified, suspendedAt: new Date(0), suspendedUntil: past })).toBe(
      true,
    );
  });

  it('refuses an embedded account whose email was never verified', () => {
    expect(isActiveAccount({ ...verified, emailVerifiedAt: null })).toBe(false);
  });

  it('accepts a Keycloak-provisioned profile (no local password) without a local verification', () => {
    expect(isActiveAccount({ ...verified, emailVerifiedAt: null, passwordHash: null })).toBe(true);
  });
});
