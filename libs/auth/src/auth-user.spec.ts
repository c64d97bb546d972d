import { claimsToUser, isAdmin } from './auth-user';

describe('claimsToUser', () => {
  it('maps Keycloak-shaped claims', () => {
    const user = claimsToUser({
      sub: 'u1',
      email: 'a@b.ie',
      email_verified: true,
      preferred_username: 'sniper_sean',
      name: 'Seán',
      realm_access: { roles: ['user', 'admin', 'offline_access'] },
    });
    expect(user).toEqual({
      id: 'u1',
      email: 'a@b.ie',
      emailVerified: true,
      username: 'sniper_sean',
      name: 'Seán',
      roles: ['user', 'admin'],
    });
    expect(isAdmin(user)).toBe(true);
  });

  it('treats missing roles and unverified email conservatively', () => {
    const user = claimsToUser({ sub: 'u2', email_verified: 'true' });
    expect(user.roles).toEqual([]);
    expect(user.emailVerified).toBe(false);
    expect(isAdmin(user)).toBe(false);
  });

  it('refuses a token without subject', () => {
    expect(() => claimsToUser({ email: 'x' })).toThrow(
      expect.objectContaining({ code: 'AUTH.INVALID_TOKEN' }),
    );
  });
});
