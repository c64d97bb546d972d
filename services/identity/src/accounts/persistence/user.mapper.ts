import {
  type AdminUser,
  type IrishCounty,
  type OwnProfile,
  type PublicProfile,
} from '@loadout/contracts';
import { isSuspended } from '../domain/suspension';
import { type UserEntity } from './user.entity';

export type { OwnProfile, PublicProfile };

/** The entity's county column holds an Irish county (checked when it is written) or null. */
const countyOf = (u: UserEntity) => u.county as IrishCounty | null;

export function toOwnProfile(u: UserEntity): OwnProfile {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    displayName: u.displayName,
    fullName: u.fullName,
    bio: u.bio,
    location: u.location,
    county: countyOf(u),
    avatarUrl: u.avatarUrl,
    sellerType: u.sellerType,
    isVerified: u.emailVerifiedAt !== null,
    role: u.role,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

export function toPublicProfile(u: UserEntity): PublicProfile {
  return {
    id: u.id,
    username: u.username,
    displayName: u.displayName,
    bio: u.bio,
    location: u.location,
    county: countyOf(u),
    sellerType: u.sellerType,
    avatarUrl: u.avatarUrl,
    createdAt: u.createdAt.toISOString(),
  };
}

/** An account as admins see it; a suspension past its end date is shown as none. */
export function toAdminUser(u: UserEntity, now: Date = new Date()): AdminUser {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    displayName: u.displayName,
    fullName: u.fullName,
    role: u.role,
    isVerified: u.emailVerifiedAt !== null,
    sellerType: u.sellerType,
    county: countyOf(u),
    suspension:
      u.suspendedAt && isSuspended(u, now)
        ? {
            since: u.suspendedAt.toISOString(),
            until: u.suspendedUntil ? u.suspendedUntil.toISOString() : null,
            reason: u.suspendedReason ?? '',
          }
        : null,
    createdAt: u.createdAt.toISOString(),
  };
}
