import { AppError } from '@loadout/errors';

export type Role = 'user' | 'admin';

/** The caller as every service sees it, mapped from Keycloak-shaped claims. */
export interface AuthUser {
  id: string;
  email: string | null;
  emailVerified: boolean;
  username: string | null;
  name: string | null;
  roles: Role[];
}

const KNOWN_ROLES: ReadonlySet<string> = new Set<Role>(['user', 'admin']);

/**
 * Both identity modes issue Keycloak's claim shape: sub, email, email_verified,
 * preferred_username, name and realm_access.roles. Unknown roles are dropped.
 */
export function claimsToUser(claims: Record<string, unknown>): AuthUser {
  const sub = claims['sub'];
  if (typeof sub !== 'string' || sub.length === 0) {
    throw new AppError('AUTH.INVALID_TOKEN', 'The access token has no subject.', 'unauthenticated');
  }
  const realm = claims['realm_access'];
  const rawRoles =
    typeof realm === 'object' &&
    realm !== null &&
    Array.isArray((realm as { roles?: unknown }).roles)
      ? ((realm as { roles: unknown[] }).roles as unknown[])
      : [];
  const roles = rawRoles.filter((r): r is Role => typeof r === 'string' && KNOWN_ROLES.has(r));
  const str = (k: string) => (typeof claims[k] === 'string' ? (claims[k] as string) : null);
  return {
    id: sub,
    email: str('email'),
    emailVerified: claims['email_verified'] === true,
    username: str('preferred_username'),
    name: str('name'),
    roles,
  };
}

export const isAdmin = (user: AuthUser | null | undefined): boolean =>
  !!user?.roles.includes('admin');
