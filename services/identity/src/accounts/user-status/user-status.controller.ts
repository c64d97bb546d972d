import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@loadout/auth';
import { type InternalUserStatus } from '@loadout/contracts';
import { isActiveAccount } from '../domain/account-status';
import { userNotFound } from '../domain/account.errors';
import { UserRepository } from '../persistence/user.repository';

const USER_ID = /^[A-Za-z0-9_-]{1,36}$/;

/**
 * Whether a user id is an existing, active account (issue 22 item 8: messaging refuses ghost
 * recipients). Outside `/api/v1` like `internal/sessions`, so the gateway never forwards it;
 * it answers only "active" or 404 (unknown, suspended and unverified look the same).
 */
@ApiExcludeController()
@Public()
@Controller('internal/users')
export class UserStatusController {
  constructor(private readonly users: UserRepository) {}

  @Get(':userId')
  async status(@Param('userId') userId: string): Promise<InternalUserStatus> {
    if (!USER_ID.test(userId)) throw userNotFound();
    const user = await this.users.findById(userId);
    if (!user || !isActiveAccount(user)) throw userNotFound();
    return { id: user.id, active: true };
  }
}
