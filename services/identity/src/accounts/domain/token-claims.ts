import { usernameFromExternal } from './username-rule';

export type Role = 'user' | 'admin';
export const ROLES: readonly Role[] = ['user', 'admin'];

/** The claims both identity modes put in access tokens (Keycloak's shape, ADR 0006). */
export interface KeycloakShapedClaims {
  email: string;
  email_verified: boolean;
  preferred_username: string;
  name: string;
  realm_access: { roles: Role[] };
}

export interface ClaimsSource {
  email: string;
  emailVerified: boolean;
  username: string;
  fullName: string;
  role: Role;
}

/** Realm roles as Keycloak reports them: everyone holds `user` (the default role), admins also `admin`. */
export function realmRolesFor(role: Role): Role[] {
  return role === 'admin' ? ['user', 'admin'] : ['user'];
}

export function roleFromRealmRoles(roles: readonly string[]): Role {
  return roles.includes('admin') ? 'admin' : 'user';
}

/** Profile → the extra claims of an embedded-provider access token (`sub` is set by the provider). */
export function profileToClaims(profile: ClaimsSource): KeycloakShapedClaims {
  return {
    email: profile.email,
    email_verified: profile.emailVerified,
    preferred_username: profile.username,
    name: profile.fullName,
    realm_access: { roles: realmRolesFor(profile.role) },
  };
}

/** What a verified token says about its user (the shape of `AuthUser` from @loadout/auth). */
export interface TokenIdentity {
  id: string;
  email: string | null;
  emailVerified: boolean;
  username: string | null;
  name: string | null;
  roles: readonly string[];
}

export interface ProvisionedProfile {
  id: string;
  email: string;
  emailVerified: boolean;
  /** Preferred username made valid; the caller adds a suffix when it is taken. */
  username: string;
  fullName: string;
  role: Role;
}

export type ClaimsMapping =
  { ok: true; profile: ProvisionedProfile } | { ok: false; reason: string };

/** Keycloak mode: the profile created on a user's first authenticated request, from the token. */
export function claimsToProfile(token: TokenIdentity): ClaimsMapping {
  const email = token.email?.trim();
  if (!email) return { ok: false, reason: 'The token carries no email address.' };
  const username = usernameFromExternal(token.username ?? email.split('@')[0], token.id);
  return {
    ok: true,
    profile: {
      id: token.id,
      email,
      emailVerified: token.emailVerified,
      username,
      fullName: (token.name?.trim() || username).slice(0, 120),
      role: roleFromRealmRoles(token.roles),
    },
  };
}
