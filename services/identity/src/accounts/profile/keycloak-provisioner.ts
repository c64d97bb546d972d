import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type AuthUser } from '@loadout/auth';
import { emailTaken, invalidTokenClaims } from '../domain/account.errors';
import { claimsToProfile, roleFromRealmRoles } from '../domain/token-claims';
import { usernameCandidate } from '../domain/username-rule';
import { usernameSkeleton } from '../domain/username-skeleton';
import { UserEntity } from '../persistence/user.entity';
import { uniqueViolation, UserRepository } from '../persistence/user.repository';
import { UserEvents } from '../user-events';

/**
 * Keycloak mode: Keycloak owns credentials, identity owns the profile. The first authenticated
 * request creates the profile from the token; later ones follow Keycloak's email, verification
 * and realm roles, which Keycloak remains the source of.
 */
@Injectable()
export class KeycloakProvisioner {
  constructor(
    private readonly users: UserRepository,
    private readonly events: UserEvents,
  ) {}

  async ensure(caller: AuthUser, requestId: string): Promise<UserEntity> {
    const existing = await this.users.findById(caller.id);
    if (existing) return this.follow(existing, caller, requestId);
    const mapped = claimsToProfile(caller);
    if (!mapped.ok) throw invalidTokenClaims(mapped.reason);
    const p = mapped.profile;
    for (let attempt = 1; attempt <= 20; attempt++) {
      try {
        return await this.users.transaction(async (tx) => {
          const username = await this.freeUsername(tx, p.username, attempt);
          const user = Object.assign(new UserEntity(), {
            id: p.id,
            email: p.email,
            username,
            usernameSkeleton: usernameSkeleton(username),
            displayName: username,
            fullName: p.fullName,
            bio: '',
            location: '',
            county: null,
            avatarUrl: null,
            sellerType: 'private' as const,
            role: p.role,
            dateOfBirth: null,
            over18Declared: false,
            termsAcceptedAt: null,
            passwordHash: null,
            emailVerifiedAt: p.emailVerified ? new Date() : null,
            suspendedAt: null,
            suspendedReason: null,
          });
          const saved = await this.users.save(tx, user);
          const meta = { requestId, actorId: saved.id };
          await this.events.registered(tx, saved, meta);
          if (saved.emailVerifiedAt) await this.events.verified(tx, saved, meta);
          return saved;
        });
      } catch (err) {
        const taken = uniqueViolation(err);
        if (taken === 'email') throw emailTaken();
        // A concurrent first request for the same user created it: use that one.
        const raced = await this.users.findById(caller.id);
        if (raced) return this.follow(raced, caller, requestId);
        if (taken !== 'username') throw err;
      }
    }
    throw invalidTokenClaims('No free username could be derived from the token.');
  }

  private async freeUsername(tx: EntityManager, base: string, from: number): Promise<string> {
    for (let n = from; ; n++) {
      const candidate = usernameCandidate(base, n);
      if (!(await this.users.usernameTaken(candidate, tx))) return candidate;
    }
  }

  /** Keeps email, verification and role in step with Keycloak, with an event for each change. */
  private async follow(user: UserEntity, caller: AuthUser, requestId: string) {
    const role = roleFromRealmRoles(caller.roles);
    const becameVerified = caller.emailVerified && !user.emailVerifiedAt;
    const emailChanged = !!caller.email && caller.email !== user.email;
    if (role === user.role && !becameVerified && !emailChanged) return user;
    return this.users.transaction(async (tx) => {
      const locked = (await this.users.findByIdForUpdate(user.id, tx)) ?? user;
      const previousRole = locked.role;
      if (emailChanged) locked.email = caller.email!;
      if (becameVerified) locked.emailVerifiedAt = new Date();
      locked.role = role;
      const saved = await this.users.save(tx, locked);
      const meta = { requestId, actorId: saved.id };
      if (becameVerified || (emailChanged && saved.emailVerifiedAt))
        await this.events.verified(tx, saved, meta);
      if (previousRole !== role)
        await this.events.roleChanged(tx, saved.id, { role, previousRole }, meta);
      return saved;
    });
  }
}
