import { Controller, Get, Param } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public, type SessionState } from '@loadout/auth';
import { notFoundError } from '@loadout/errors';
import { SessionRevocationRepository } from '../persistence/session-revocation.repository';

const USER_ID = /^[A-Za-z0-9_-]{1,36}$/;

/**
 * What every token check asks (ADR 0019): which sessions of an account ended, and since when all
 * of them are void. Outside `/api/v1`, so the gateway never forwards it; public because callers
 * hold no user token for it, and it tells only which random session ids are already dead.
 */
@ApiExcludeController()
@Public()
@Controller('internal/sessions')
export class SessionStateController {
  constructor(private readonly revocations: SessionRevocationRepository) {}

  @Get(':userId')
  state(@Param('userId') userId: string): Promise<SessionState> {
    if (!USER_ID.test(userId)) throw notFoundError('COMMON.NOT_FOUND', 'No such account.');
    return this.revocations.stateOf(userId);
  }
}
