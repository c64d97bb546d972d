import { claimsToUser } from '@loadout/auth';
import {
  claimsToProfile,
  profileToClaims,
  realmRolesFor,
  roleFromRealmRoles,
} from './token-claims';

describe('token claims', () => {
  it('gives every user the user role and admins both roles, like Keycloak realm roles', () => {
    expect(realmRolesFor('user')).toEqual(['user']);
    expect(realmRolesFor('admin')).toEqual(['user', 'admin']);
    expect(roleFromRealmRoles(['offline_access', 'user', 'admin'])).toBe('admin');
    expect(roleFromRealmRoles(['default-roles-loadout'])).toBe('user');
  });

  it("maps a profile to Keycloak's claim shape, which the platform's claim reader understands", () => {
    const claims = profileToClaims({
      email: 'sean@example.com',
      emailVerified: true,
      username: 'sniper_sean',
      fullName: 'Seán Ó Briain',
      role: 'admin',
    });
    expect(claims).toEqual({
      email: 'sean@example.com',
      email_verified: true,
      preferred_username: 'sniper_sean',
      name: 'Seán Ó Briain',
      realm_access: { roles: ['user', 'admin'] },
    });
    expect(claimsToUser({ sub: 'abcdefghijklmnopqrstu', ...claims })).toEqual({
      id: 'abcdefghijklmnopqrstu',
      email: 'sean@example.com',
      emailVerified: true,
      username: 'sniper_sean',
      name: 'Seán Ó Briain',
      roles: ['user', 'admin'],
    });
  });

  it('provisions a Keycloak user from the token claims', () => {
    expect(
      claimsToProfile({
        id: '9b1f7a52-3c1e-4d0b-9a55-0d5c3e3f8a10',
        email: 'Aoife@Example.com',
        emailVerified: true,
        username: 'aoife',
        name: 'Aoife Byrne',
        roles: ['user'],
      }),
    ).toEqual({
      ok: true,
      profile: {
        id: '9b1f7a52-3c1e-4d0b-9a55-0d5c3e3f8a10',
        email: 'Aoife@Example.com',
        emailVerified: true,
        username: 'aoife',
        fullName: 'Aoife Byrne',
        role: 'user',
      },
    });
  });

  it('makes an invalid preferred_username valid and falls back to it for the name', () => {
    const mapped = claimsToProfile({
      id: 'kc-1',
      email: 'x@example.com',
      emailVerified: false,
      username: 'x-man@home',
      name: null,
      roles: ['user', 'admin'],
    });
    expect(mapped).toMatchObject({
      ok: true,
      profile: {
        username: 'x_man_home',
        fullName: 'x_man_home',
        emailVerified: false,
        role: 'admin',
      },
    });
  });

  it('refuses a token without an email address', () => {
    expect(
      claimsToProfile({
        id: 'kc-2',
        email: null,
        emailVerified: false,
        username: 'u',
        name: null,
        roles: [],
      }),
    ).toEqual({ ok: false, reason: 'The token carries no email address.' });
  });
});
