import { type IrishCounty } from './irish-counties';
import { type SellerType } from './listings';

// The identity service's HTTP API (ADR 0006): accounts, profiles and the sign-in interaction.

export interface SignUpRequest {
  fullName: string;
  username: string;
  email: string;
  password: string;
  dateOfBirth?: string;
  over18: true;
  acceptTerms: true;
  acceptPrivacy: true;
  sellerType?: SellerType;
}

export interface SignUpResponse {
  email: string;
  message: string;
}

export interface MessageResponse {
  message?: string;
}

export interface VerifyEmailResponse {
  email: string;
}

/** `GET /api/v1/me`. */
export interface OwnProfile {
  id: string;
  email: string;
  username: string;
  displayName: string;
  fullName: string;
  bio: string;
  location: string;
  county: IrishCounty | null;
  avatarUrl: string | null;
  sellerType: SellerType;
  isVerified: boolean;
  role: 'user' | 'admin';
  createdAt: string;
  updatedAt: string;
}

/** `PATCH /api/v1/me`. */
export interface ProfileUpdate {
  displayName?: string;
  bio?: string;
  location?: string;
  county?: IrishCounty | null;
  sellerType?: SellerType;
  avatarUrl?: string | null;
}

/** `GET /api/v1/users/:username` (no email). */
export interface PublicProfile {
  id: string;
  username: string;
  displayName: string;
  bio: string;
  location: string;
  county: IrishCounty | null;
  sellerType: SellerType;
  avatarUrl: string | null;
  createdAt: string;
}

/** `GET /auth/interaction/:uid`. */
export interface InteractionDetails {
  uid: string;
  prompt: 'login' | 'consent';
}

/** `POST /auth/interaction/:uid/login`. */
export interface InteractionResult {
  redirectTo: string;
}

/**
 * `GET /internal/users/:userId` (service to service, never through the gateway): 200 when the
 * id is an existing, active account; 404 `IDENTITY.USER_NOT_FOUND` otherwise.
 */
export interface InternalUserStatus {
  id: string;
  active: true;
}

/** How long an admin suspends an account (ADR 0035). */
export const SUSPENSION_DURATIONS = ['7d', '30d', 'permanent'] as const;
export type SuspensionDuration = (typeof SUSPENSION_DURATIONS)[number];

/** A running suspension: `until` null = permanent. */
export interface UserSuspension {
  since: string;
  until: string | null;
  reason: string;
}

/** An account as admins see it (`GET /api/v1/admin/users…`). */
export interface AdminUser {
  id: string;
  email: string;
  username: string;
  displayName: string;
  fullName: string;
  role: 'user' | 'admin';
  isVerified: boolean;
  sellerType: SellerType;
  county: IrishCounty | null;
  suspension: UserSuspension | null;
  createdAt: string;
}

/** `GET /api/v1/admin/users?q=&cursor=&limit=`: newest accounts first, keyset pages. */
export interface AdminUserPage {
  items: AdminUser[];
  nextCursor: string | null;
}

/** `POST /api/v1/admin/users/{id}/suspension`. */
export interface SuspendUserRequest {
  duration: SuspensionDuration;
  reason: string;
}

/** `DELETE /api/v1/admin/users/{id}/suspension` (body) and `PUT …/role`: why, for the audit. */
export interface ReinstateUserRequest {
  reason: string;
}

/** `PUT /api/v1/admin/users/{id}/role`. */
export interface ChangeRoleRequest {
  role: 'user' | 'admin';
  reason: string;
}
