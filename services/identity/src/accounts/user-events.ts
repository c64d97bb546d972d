import { Injectable } from '@nestjs/common';
import { type EventPayloads } from '@loadout/contracts';
import { type SqlExecutor } from '@loadout/db';
import { OutboxWriter } from '@loadout/events';
import { IDENTITY_SCHEMA } from '../identity.config';
import { type UserEntity } from './persistence/user.entity';

export interface UserEventMeta {
  /** The user who caused it; null for the seed, the admin bootstrap and anonymous callers. */
  actorId: string | null;
  requestId?: string;
}

type UserTopic = Extract<keyof EventPayloads, `identity.user.${string}`>;

/** `identity.user.registered.v1` of a new account, the same for sign-up, Keycloak and seed. */
export const registeredPayload = (
  user: Pick<UserEntity, 'id' | 'email' | 'username' | 'fullName' | 'sellerType'>,
): EventPayloads['identity.user.registered.v1'] => ({
  userId: user.id,
  email: user.email,
  username: user.username,
  fullName: user.fullName,
  sellerType: user.sellerType,
});

/** Who a mail-requesting event is for. */
const mailTo = (user: Pick<UserEntity, 'id' | 'email' | 'displayName'>) => ({
  userId: user.id,
  email: user.email,
  displayName: user.displayName,
});

/**
 * The one place identity's user events are built and appended to the outbox, inside the
 * caller's transaction: the change and its event commit (or roll back) together.
 */
@Injectable()
export class UserEvents {
  constructor(private readonly outbox: OutboxWriter) {}

  registered(
    tx: SqlExecutor,
    user: Parameters<typeof registeredPayload>[0],
    meta: UserEventMeta,
  ): Promise<void> {
    return this.append(tx, 'identity.user.registered.v1', user.id, registeredPayload(user), meta);
  }

  verified(tx: SqlExecutor, user: Pick<UserEntity, 'id' | 'email'>, meta: UserEventMeta) {
    return this.append(
      tx,
      'identity.user.verified.v1',
      user.id,
      { userId: user.id, email: user.email },
      meta,
    );
  }

  roleChanged(
    tx: SqlExecutor,
    userId: string,
    change: Omit<EventPayloads['identity.user.role_changed.v1'], 'userId'>,
    meta: UserEventMeta,
  ) {
    return this.append(tx, 'identity.user.role_changed.v1', userId, { userId, ...change }, meta);
  }

  profileUpdated(tx: SqlExecutor, user: UserEntity, meta: UserEventMeta) {
    return this.append(
      tx,
      'identity.user.profile_updated.v1',
      user.id,
      {
        userId: user.id,
        username: user.username,
        displayName: user.displayName,
        county: user.county,
        sellerType: user.sellerType,
        avatarUrl: user.avatarUrl,
      },
      meta,
    );
  }

  /** The account may no longer sign in (ADR 0035); listings hides its active listings. */
  suspended(
    tx: SqlExecutor,
    user: Pick<UserEntity, 'id'>,
    suspension: { reason: string; until: Date | null },
    meta: UserEventMeta,
  ) {
    return this.append(
      tx,
      'identity.user.suspended.v1',
      user.id,
      {
        userId: user.id,
        reason: suspension.reason,
        until: suspension.until ? suspension.until.toISOString() : null,
        suspendedBy: meta.actorId,
      },
      meta,
    );
  }

  /** The suspension ended: lifted by an admin or past its end date (`actorId` null). */
  reinstated(
    tx: SqlExecutor,
    user: Pick<UserEntity, 'id'>,
    lift: { cause: 'lifted' | 'expired'; note: string | null },
    meta: UserEventMeta,
  ) {
    return this.append(
      tx,
      'identity.user.reinstated.v1',
      user.id,
      { userId: user.id, cause: lift.cause, liftedBy: meta.actorId, note: lift.note },
      meta,
    );
  }

  /**
   * The owner deleted the account (ADR 0039): the profile is already erased here; every other
   * service erases or anonymises what it holds about the id. No personal data in the payload.
   */
  deleted(tx: SqlExecutor, userId: string, deletedAt: Date, meta: UserEventMeta) {
    return this.append(
      tx,
      'identity.user.deleted.v1',
      userId,
      { userId, deletedAt: deletedAt.toISOString() },
      meta,
    );
  }

  /** Asks notifications for the verification email carrying `link`. */
  verificationRequested(
    tx: SqlExecutor,
    user: UserEntity,
    link: { verifyUrl: string; expiresAt: Date },
    meta: UserEventMeta,
  ) {
    return this.append(
      tx,
      'identity.user.verification_requested.v1',
      user.id,
      { ...mailTo(user), verifyUrl: link.verifyUrl, expiresAt: link.expiresAt.toISOString() },
      meta,
    );
  }

  /** Asks notifications for the password reset email carrying `link`. */
  passwordResetRequested(
    tx: SqlExecutor,
    user: UserEntity,
    link: { resetUrl: string; expiresAt: Date },
    meta: UserEventMeta,
  ) {
    return this.append(
      tx,
      'identity.user.password_reset_requested.v1',
      user.id,
      { ...mailTo(user), resetUrl: link.resetUrl, expiresAt: link.expiresAt.toISOString() },
      meta,
    );
  }

  /** Someone tried to sign up with the address of an existing account: tell its owner. */
  signUpAttempted(
    tx: SqlExecutor,
    user: UserEntity,
    links: { signInUrl: string; resetUrl: string },
    meta: UserEventMeta,
  ) {
    return this.append(
      tx,
      'identity.user.sign_up_attempted.v1',
      user.id,
      { ...mailTo(user), ...links },
      meta,
    );
  }

  /** Wrong passwords for this account reached the warning count (ADR 0021): tell its owner. */
  signInThrottled(
    tx: SqlExecutor,
    user: UserEntity,
    attempts: { failedAttempts: number; windowMinutes: number; resetUrl: string },
    meta: UserEventMeta,
  ) {
    return this.append(
      tx,
      'identity.user.sign_in_throttled.v1',
      user.id,
      { ...mailTo(user), ...attempts },
      meta,
    );
  }

  private async append<T extends UserTopic>(
    tx: SqlExecutor,
    type: T,
    aggregateId: string,
    payload: EventPayloads[T],
    meta: UserEventMeta,
  ): Promise<void> {
    await this.outbox.append(
      tx,
      IDENTITY_SCHEMA,
      { type, aggregateId, payload },
      { correlationId: meta.requestId, actorId: meta.actorId },
    );
  }
}
