import { Inject, Injectable } from '@nestjs/common';
import { type AuthUser } from '@loadout/auth';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';
import { profileNotFound, userNotFound } from '../domain/account.errors';
import { type UserEntity } from '../persistence/user.entity';
import {
  toOwnProfile,
  toPublicProfile,
  type OwnProfile,
  type PublicProfile,
} from '../persistence/user.mapper';
import { UserRepository } from '../persistence/user.repository';
import { UserEvents } from '../user-events';
import { KeycloakProvisioner } from './keycloak-provisioner';
import { type UpdateProfileDto } from './profile.dto';

@Injectable()
export class ProfileHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly provisioner: KeycloakProvisioner,
    private readonly events: UserEvents,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async me(caller: AuthUser, requestId: string): Promise<OwnProfile> {
    return toOwnProfile(await this.own(caller, requestId));
  }

  async update(caller: AuthUser, input: UpdateProfileDto, requestId: string): Promise<OwnProfile> {
    await this.own(caller, requestId);
    return this.users.transaction(async (tx) => {
      const user = await this.users.findByIdForUpdate(caller.id, tx);
      if (!user) throw profileNotFound();
      if (input.displayName !== undefined) user.displayName = input.displayName.trim();
      if (input.bio !== undefined) user.bio = input.bio.trim();
      if (input.location !== undefined) user.location = input.location.trim();
      if (input.county !== undefined) user.county = input.county;
      if (input.sellerType !== undefined) user.sellerType = input.sellerType;
      if (input.avatarUrl !== undefined) user.avatarUrl = input.avatarUrl;
      const saved = await this.users.save(tx, user);
      await this.events.profileUpdated(tx, saved, { requestId, actorId: saved.id });
      return toOwnProfile(saved);
    });
  }

  async publicProfile(username: string): Promise<PublicProfile> {
    const user = await this.users.findByUsername(username);
    if (!user || user.deletedAt) throw userNotFound();
    return toPublicProfile(user);
  }

  /** The caller's profile; in keycloak mode created (or brought in line) from the token. */
  private async own(caller: AuthUser, requestId: string): Promise<UserEntity> {
    if (this.config.IDENTITY_PROVIDER === 'keycloak') {
      return this.provisioner.ensure(caller, requestId);
    }
    const user = await this.users.findById(caller.id);
    if (!user) throw profileNotFound();
    return user;
  }
}
