import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@loadout/auth';
import { type InternalUserProfilesResponse } from '@loadout/contracts';
import { isActiveAccount } from '../domain/account-status';
import { UserRepository } from '../persistence/user.repository';
import { UserProfilesQueryDto } from './user-profiles.dto';

/**
 * Display names and avatars of users, for messaging's conversation list and thread header
 * (issue 25 item 6, ADR 0032). Outside `/api/v1` like `internal/users`, so the gateway never
 * forwards it. Only what a public profile shows; unknown, unverified and suspended accounts
 * are left out, like `internal/users` answers 404 for them. A deleted account (ADR 0039) is
 * answered with its erased name, "Deleted user", so the other party's conversation says so.
 */
@ApiExcludeController()
@Public()
@Controller('internal/user-profiles')
export class UserProfilesController {
  constructor(private readonly users: UserRepository) {}

  @Get()
  async profiles(@Query() query: UserProfilesQueryDto): Promise<InternalUserProfilesResponse> {
    const ids = [...new Set(query.ids.split(','))];
    const users = await this.users.findByIds(ids);
    return {
      items: users
        .filter((u) => isActiveAccount(u) || u.deletedAt !== null)
        .map((u) => ({ id: u.id, displayName: u.displayName, avatarUrl: u.avatarUrl })),
    };
  }
}
