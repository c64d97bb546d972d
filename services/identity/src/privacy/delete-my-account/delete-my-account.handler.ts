import { Inject, Injectable } from '@nestjs/common';
import { type DeleteAccountResult, type DeletionBlockers } from '@loadout/contracts';
import { userNotFound } from '../../accounts/domain/account.errors';
import { UserRepository } from '../../accounts/persistence/user.repository';
import { UserEvents } from '../../accounts/user-events';
import { ACCOUNT_SESSIONS, type AccountSessions } from '../../sessions/account-sessions.port';
import {
  confirmationMismatch,
  confirmsUsername,
  deletionBlocked,
  deletionCheckUnavailable,
  erasedAccountFields,
} from '../domain/account-deletion';
import { KeycloakUserDeletions } from '../delete-keycloak-user/keycloak-user-deletions';
import { PlatformServices } from '../platform/platform-services';
import { PrivacyRepository } from '../persistence/privacy.repository';
import { type DeleteAccountDto } from './delete-my-account.dto';

/**
 * "Delete my account" (GDPR art. 17, ADR 0039). Orders is asked first (with the caller's token)
 * whether an order of theirs holds money, waits for payment or a payout, is disputed, or an
 * offer is running: any of those refuses with a 409 naming it, and an orders service that does
 * not answer refuses with a 503 (never delete unchecked). Then, in one transaction: the profile
 * erased in place (the id stays, others still name it), the address book and pending one-time
 * tokens deleted, every session and token ended, and `identity.user.deleted.v1` for the other
 * services to erase theirs. In Keycloak mode the realm user is queued in that transaction and
 * deleted once it committed (`KeycloakUserDeletions`, retried while Keycloak is away).
 */
@Injectable()
export class DeleteMyAccountHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly privacy: PrivacyRepository,
    private readonly services: PlatformServices,
    private readonly events: UserEvents,
    @Inject(ACCOUNT_SESSIONS) private readonly sessions: AccountSessions,
    private readonly keycloakUsers: KeycloakUserDeletions,
  ) {}

  async delete(
    userId: string,
    input: DeleteAccountDto,
    token: string,
    requestId: string,
  ): Promise<DeleteAccountResult> {
    const user = await this.users.findById(userId);
    if (!user || user.deletedAt) throw userNotFound();
    if (!confirmsUsername(input.confirmUsername, user.username)) throw confirmationMismatch();

    const answer = await this.services.get<DeletionBlockers>(
      'orders',
      `/internal/users/${encodeURIComponent(userId)}/deletion-blockers`,
      token,
    );
    if (!answer.ok || !Array.isArray(answer.body?.items)) throw deletionCheckUnavailable();
    const blocked = deletionBlocked(answer.body.items);
    if (blocked) throw blocked;

    const result = await this.users.transaction(async (tx): Promise<DeleteAccountResult> => {
      const locked = await this.users.findByIdForUpdate(userId, tx);
      if (!locked || locked.deletedAt) throw userNotFound();
      const now = new Date();
      Object.assign(locked, erasedAccountFields(locked.id, now));
      await this.users.save(tx, locked);
      await this.privacy.eraseAddresses(tx, locked.id);
      await this.privacy.eraseAccountTokens(tx, locked.id);
      await this.sessions.revokeAll(tx, locked.id);
      await this.events.deleted(tx, locked.id, now, { actorId: locked.id, requestId });
      await this.keycloakUsers.enqueue(tx, locked.id);
      return { deleted: true, deletedAt: now.toISOString() };
    });
    this.keycloakUsers.kick();
    return result;
  }
}
