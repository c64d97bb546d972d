import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ACCOUNT_SESSIONS, type AccountSessions } from '../account-sessions.port';

/**
 * Ends the caller's session (or all of them) so that its access tokens are refused everywhere
 * within the session check's staleness (ADR 0019). The shell calls it before keycloak-js's
 * logout: in keycloak mode this is how identity learns of a sign-out at all.
 */
@Injectable()
export class SignOutHandler {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(ACCOUNT_SESSIONS) private readonly sessions: AccountSessions,
  ) {}

  async signOut(userId: string, sid: string | null, everywhere: boolean): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      // A token without a sid names no one session: only ending all of them is sure to cover it.
      if (everywhere || !sid) await this.sessions.revokeAll(tx, userId);
      else await this.sessions.end(tx, userId, sid);
    });
  }
}
