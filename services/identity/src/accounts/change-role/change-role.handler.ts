import { Inject, Injectable } from '@nestjs/common';
import { type AdminUser } from '@loadout/contracts';
import { ACCOUNT_SESSIONS, type AccountSessions } from '../../sessions/account-sessions.port';
import { type AdminActor, isUserId } from '../admin-actor';
import { userNotFound } from '../domain/account.errors';
import { cannotActOnSelf } from '../domain/user-admin.errors';
import { toAdminUser } from '../persistence/user.mapper';
import { UserRepository } from '../persistence/user.repository';
import { UserEvents } from '../user-events';
import { type ChangeRoleDto } from './change-role.dto';

/**
 * An admin grants or revokes the admin role (ADR 0035), with `identity.user.role_changed.v1`.
 * Tokens carry roles from their issue: a revocation also ends the account's sessions, so the
 * old admin tokens stop within the session check's staleness; a grant applies at the next
 * sign-in or refresh. The same role again changes nothing and records nothing.
 */
@Injectable()
export class ChangeRoleHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly events: UserEvents,
    @Inject(ACCOUNT_SESSIONS) private readonly sessions: AccountSessions,
  ) {}

  async change(userId: string, input: ChangeRoleDto, admin: AdminActor): Promise<AdminUser> {
    if (!isUserId(userId)) throw userNotFound();
    // An admin who demotes themselves could leave nobody able to undo it.
    if (userId === admin.id) throw cannotActOnSelf();
    return this.users.transaction(async (tx) => {
      const user = await this.users.findByIdForUpdate(userId, tx);
      if (!user) throw userNotFound();
      if (user.role === input.role) return toAdminUser(user);
      const previousRole = user.role;
      user.role = input.role;
      await this.users.save(tx, user);
      if (input.role === 'user') await this.sessions.revokeAll(tx, user.id);
      await this.events.roleChanged(
        tx,
        user.id,
        { role: input.role, previousRole, reason: input.reason.trim() },
        { actorId: admin.id, requestId: admin.requestId },
      );
      return toAdminUser(user);
    });
  }
}
