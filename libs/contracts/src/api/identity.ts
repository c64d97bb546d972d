import { type KeysetPageQuery } from './paging';
import { type IrishCounty } from './irish-counties';
import { type SellerType } from './listings';

// The identity service's HTTP API (ADR 0006): accounts, profiles and the sign-in interaction.

/**
 * What `POST /api/v1/accounts` accepts. The three declarations are booleans on the wire so that a
 * missing or `false` one gets the seed's message instead of a type error; a client sends
 * `SignUpRequest`, where they are made.
 */
export interface SignUpInput {
  fullName: string;
  username: string;
  email: string;
  password: string;
  dateOfBirth?: string;
  over18?: boolean;
  acceptTerms?: boolean;
  acceptPrivacy?: boolean;
  sellerType?: SellerType;
}

/** A sign-up as a client sends it: the 18+ declaration and both agreements made. */
export interface SignUpRequest extends SignUpInput {
  over18: true;
  acceptTerms: true;
  acceptPrivacy: true;
}

/** `GET /api/v1/auth/config` (ADR 0006): which provider holds the accounts, for keycloak-js. */
export type AuthConfig =
  | { mode: 'embedded'; issuer: string; clientId: string }
  | { mode: 'keycloak'; url: string; realm: string; clientId: string };

/** The sign-in form's credentials (the embedded provider's interaction). */
export interface CredentialsRequest {
  email: string;
  password: string;
}

/** `POST /api/v1/auth/sign-out`: this session, or every session of the account. */
export interface SignOutRequest {
  everywhere?: boolean;
}

/** `POST /api/v1/auth/verify-email`: the token of the verification email's link. */
export interface VerifyEmailRequest {
  token: string;
}

/** `POST /api/v1/auth/password-reset`: where to send the reset link. */
export interface PasswordResetRequest {
  email: string;
}

/** `POST /api/v1/auth/password-reset/confirm`: the email's token and the new password. */
export interface PasswordResetConfirmation {
  token: string;
  password: string;
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

/** What another member may see of a user next to their messages: never an email. */
export interface InternalUserProfile {
  id: string;
  displayName: string;
  avatarUrl: string | null;
}

/**
 * `GET /internal/user-profiles?ids=a,b` (service to service, never through the gateway): the
 * public names of the existing, active accounts among at most 100 ids; others are left out.
 */
export interface InternalUserProfilesResponse {
  items: InternalUserProfile[];
}

/** Query of `GET /internal/user-profiles`: user ids separated by commas. */
export interface InternalUserProfilesQuery {
  ids: string;
}

/** Ids per `GET /internal/user-profiles` request. */
export const INTERNAL_USER_PROFILES_MAX_IDS = 100;

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

/** Query of `GET /api/v1/admin/users`: text found in email, username or display name. */
export interface AdminUserSearchQuery extends KeysetPageQuery {
  q?: string;
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
