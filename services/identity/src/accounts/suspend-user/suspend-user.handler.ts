import { Inject, Injectable } from '@nestjs/common';
import { type AdminUser } from '@loadout/contracts';
import { ACCOUNT_SESSIONS, type AccountSessions } from '../../sessions/account-sessions.port';
import { type AdminActor, isUserId } from '../admin-actor';
import { userNotFound } from '../domain/account.errors';
import { suspensionEnd } from '../domain/suspension';
import { cannotActOnSelf, cannotSuspendAdmin } from '../domain/user-admin.errors';
import { toAdminUser } from '../persistence/user.mapper';
import { UserRepository } from '../persistence/user.repository';
import { UserEvents } from '../user-events';
import { type SuspendUserDto } from './suspend-user.dto';

/**
 * An admin suspends an account (ADR 0035): in one transaction the suspension, every session and
 * refresh token of the account ended (access tokens are refused within the session check's
 * staleness), and `identity.user.suspended.v1`. Suspending again replaces the suspension.
 */
@Injectable()
export class SuspendUserHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly events: UserEvents,
    @Inject(ACCOUNT_SESSIONS) private readonly sessions: AccountSessions,
  ) {}

  async suspend(userId: string, input: SuspendUserDto, admin: AdminActor): Promise<AdminUser> {
    if (!isUserId(userId)) throw userNotFound();
    if (userId === admin.id) throw cannotActOnSelf();
    const reason = input.reason.trim();
    return this.users.transaction(async (tx) => {
      const user = await this.users.findByIdForUpdate(userId, tx);
      if (!user) throw userNotFound();
      if (user.role === 'admin') throw cannotSuspendAdmin();
      const now = new Date();
      user.suspendedAt = now;
      user.suspendedUntil = suspensionEnd(input.duration, now);
      user.suspendedReason = reason;
      await this.users.save(tx, user);
      await this.sessions.revokeAll(tx, user.id);
      await this.events.suspended(
        tx,
        user,
        { reason, until: user.suspendedUntil },
        { actorId: admin.id, requestId: admin.requestId },
      );
      return toAdminUser(user, now);
    });
  }
}
