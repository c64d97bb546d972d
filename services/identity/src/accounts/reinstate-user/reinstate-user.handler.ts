import { Injectable } from '@nestjs/common';
import { type AdminUser } from '@loadout/contracts';
import { type AdminActor, isUserId } from '../admin-actor';
import { userNotFound } from '../domain/account.errors';
import { suspensionState } from '../domain/suspension';
import { type UserEntity } from '../persistence/user.entity';
import { toAdminUser } from '../persistence/user.mapper';
import { UserRepository } from '../persistence/user.repository';
import { UserEvents } from '../user-events';

const clear = (user: UserEntity) => {
  user.suspendedAt = null;
  user.suspendedUntil = null;
  user.suspendedReason = null;
};

/**
 * Ends suspensions (ADR 0035): an admin lifts one (idempotent: an account that is not
 * suspended is answered as it is, without an event), or one past its end date is lifted by the
 * sweep or at the next sign-in. Each lift commits with `identity.user.reinstated.v1`.
 */
@Injectable()
export class ReinstateUserHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly events: UserEvents,
  ) {}

  async reinstate(userId: string, note: string, admin: AdminActor): Promise<AdminUser> {
    if (!isUserId(userId)) throw userNotFound();
    return this.users.transaction(async (tx) => {
      const user = await this.users.findByIdForUpdate(userId, tx);
      if (!user) throw userNotFound();
      if (user.suspendedAt) {
        const expired = suspensionState(user, new Date()) === 'expired';
        clear(user);
        await this.users.save(tx, user);
        await this.events.reinstated(
          tx,
          user,
          expired ? { cause: 'expired', note: null } : { cause: 'lifted', note: note.trim() },
          { actorId: expired ? null : admin.id, requestId: admin.requestId },
        );
      }
      return toAdminUser(user);
    });
  }

  /** Lifts the account's suspension if its end date has passed; returns the current row. */
  async liftIfExpired(user: UserEntity, requestId?: string): Promise<UserEntity> {
    if (suspensionState(user, new Date()) !== 'expired') return user;
    return this.users.transaction(async (tx) => {
      const locked = await this.users.findByIdForUpdate(user.id, tx);
      if (!locked) return user;
      // Another request or the sweep may have lifted it, or an admin suspended it again.
      if (suspensionState(locked, new Date()) !== 'expired') return locked;
      clear(locked);
      await this.users.save(tx, locked);
      await this.events.reinstated(
        tx,
        locked,
        { cause: 'expired', note: null },
        { actorId: null, requestId },
      );
      return locked;
    });
  }

  /** The sweep: lifts up to `batch` suspensions past their end date; returns how many. */
  async liftExpired(batch = 100): Promise<number> {
    let lifted = 0;
    for (const id of await this.users.expiredSuspensions(batch)) {
      const user = await this.users.findById(id);
      if (user && (await this.liftIfExpired(user)).suspendedAt === null) lifted += 1;
    }
    return lifted;
  }
}
