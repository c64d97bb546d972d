import { randomBytes } from 'node:crypto';
import { newId } from '@loadout/db';
import { type NewEvent } from '@loadout/events';

const PUBLIC_URL = 'http://localhost:8080';
const inADay = () => new Date(Date.now() + 24 * 3600_000).toISOString();
const token = () => randomBytes(24).toString('base64url');

export const newUserId = () => newId();
export const newEmail = (label = 'user') =>
  `${label}.${randomBytes(4).toString('hex')}@example.test`;

export function userRegistered(
  userId: string,
  email: string,
  fullName = 'Aoife Byrne',
  username = `u${userId.slice(0, 8)}`,
): NewEvent<'identity.user.registered.v1'> {
  return {
    type: 'identity.user.registered.v1',
    aggregateId: userId,
    payload: { userId, email, username, fullName, sellerType: 'private' },
  };
}

export function verificationRequested(
  userId: string,
  email: string,
  displayName = 'Aoife',
): NewEvent<'identity.user.verification_requested.v1'> {
  return {
    type: 'identity.user.verification_requested.v1',
    aggregateId: userId,
    payload: {
      userId,
      email,
      displayName,
      verifyUrl: `${PUBLIC_URL}/auth/verify-email?token=${token()}`,
      expiresAt: inADay(),
    },
  };
}

export function passwordResetRequested(
  userId: string,
  email: string,
  displayName = 'Aoife',
): NewEvent<'identity.user.password_reset_requested.v1'> {
  return {
    type: 'identity.user.password_reset_requested.v1',
    aggregateId: userId,
    payload: {
      userId,
      email,
      displayName,
      resetUrl: `${PUBLIC_URL}/auth/reset-password?token=${token()}`,
      expiresAt: inADay(),
    },
  };
}

export function userVerified(userId: string, email: string): NewEvent<'identity.user.verified.v1'> {
  return { type: 'identity.user.verified.v1', aggregateId: userId, payload: { userId, email } };
}

export function roleChanged(
  userId: string,
  role: 'user' | 'admin',
  previousRole: 'user' | 'admin',
): NewEvent<'identity.user.role_changed.v1'> {
  return {
    type: 'identity.user.role_changed.v1',
    aggregateId: userId,
    payload: { userId, role, previousRole },
  };
}

export function profileUpdated(
  userId: string,
  displayName: string,
): NewEvent<'identity.user.profile_updated.v1'> {
  return {
    type: 'identity.user.profile_updated.v1',
    aggregateId: userId,
    payload: {
      userId,
      username: `u${userId.slice(0, 8)}`,
      displayName,
      county: 'Galway',
      sellerType: 'private',
      avatarUrl: null,
    },
  };
}

export function signInThrottled(
  userId: string,
  email: string,
  displayName = 'Aoife',
): NewEvent<'identity.user.sign_in_throttled.v1'> {
  return {
    type: 'identity.user.sign_in_throttled.v1',
    aggregateId: userId,
    payload: {
      userId,
      email,
      displayName,
      failedAttempts: 5,
      windowMinutes: 15,
      resetUrl: `${PUBLIC_URL}/auth/forgot-password`,
    },
  };
}
