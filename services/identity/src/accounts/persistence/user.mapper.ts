import { type UserEntity } from './user.entity';

/** `GET me`: the own profile of ADR 0006 (seed §3 fields and the marketplace ones). */
export interface OwnProfile {
  id: string;
  email: string;
  username: string;
  displayName: string;
  fullName: string;
  bio: string;
  location: string;
  county: string | null;
  avatarUrl: string | null;
  sellerType: 'private' | 'trader';
  isVerified: boolean;
  role: 'user' | 'admin';
  createdAt: string;
  updatedAt: string;
}

/** `GET users/{username}`: what anyone may see (no email, no full name). */
export interface PublicProfile {
  id: string;
  username: string;
  displayName: string;
  bio: string;
  location: string;
  county: string | null;
  sellerType: 'private' | 'trader';
  avatarUrl: string | null;
  createdAt: string;
}

export function toOwnProfile(u: UserEntity): OwnProfile {
  return {
    id: u.id,
    email: u.email,
    username: u.username,
    displayName: u.displayName,
    fullName: u.fullName,
    bio: u.bio,
    location: u.location,
    county: u.county,
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
    county: u.county,
    sellerType: u.sellerType,
    avatarUrl: u.avatarUrl,
    createdAt: u.createdAt.toISOString(),
  };
}
