import { Inject, Injectable } from '@nestjs/common';
import { type KeyValueStore } from '@loadout/cache';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';
import { COMMON_PASSWORDS, KEY_VALUE_STORE } from '../accounts.tokens';
import { PasswordHasher } from '../credentials/password-hasher';
import {
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  tokenInvalid,
  weakPassword,
} from '../domain/account.errors';
import { withTimeFloor } from '../domain/constant-time';
import { tokenLink } from '../domain/one-time-token';
import { checkPassword } from '../domain/password-rule';
import { assertEmbeddedMode } from '../identity-mode';
import { AccountTokenRepository } from '../persistence/account-token.repository';
import { UserRepository } from '../persistence/user.repository';
import { UserEvents } from '../user-events';
import { ACCOUNT_SESSIONS, type AccountSessions } from '../../sessions/account-sessions.port';

const RESET_EMAILS_PER_HOUR = 5;
/** The token write and its event take a few ms; the reply never comes sooner than this. */
const RESET_TIME_FLOOR_MS = 150;

@Injectable()
export class PasswordResetHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: AccountTokenRepository,
    private readonly hasher: PasswordHasher,
    private readonly events: UserEvents,
    @Inject(ACCOUNT_SESSIONS) private readonly sessions: AccountSessions,
    @Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore,
    @Inject(COMMON_PASSWORDS) private readonly commonPasswords: ReadonlySet<string>,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * Same answer, in the same time, whether or not the address has an account (no
   * enumeration, finding 5): the reply waits for a floor the token write fits under.
   */
  async request(email: string, requestId: string): Promise<{ message: string }> {
    assertEmbeddedMode(this.config);
    return withTimeFloor(RESET_TIME_FLOOR_MS, () => this.requestNow(email, requestId));
  }

  private async requestNow(email: string, requestId: string): Promise<{ message: string }> {
    const user = await this.users.findByEmail(email);
    const { count } = await this.store.hit(`reset:${email.trim().toLowerCase()}`, 60 * 60 * 1000);
    if (user && !user.suspendedAt && count <= RESET_EMAILS_PER_HOUR) {
      await this.users.transaction(async (tx) => {
        const token = await this.tokens.issue(tx, user.id, 'reset_password');
        await this.events.passwordResetRequested(
          tx,
          user,
          {
            resetUrl: tokenLink(this.config.PUBLIC_URL, 'reset_password', token.raw),
            expiresAt: token.expiresAt,
          },
          { requestId, actorId: null },
        );
      });
    }
    return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
  }

  async confirm(rawToken: string, password: string): Promise<{ message: string }> {
    assertEmbeddedMode(this.config);
    // The rule first, so a refused password does not spend the link.
    const check = checkPassword(password, this.commonPasswords);
    if (!check.ok) throw weakPassword(check.message);
    const passwordHash = await this.hasher.hash(password);
    await this.users.transaction(async (tx) => {
      const userId = await this.tokens.consume(tx, rawToken, 'reset_password');
      if (!userId) throw tokenInvalid();
      const user = await this.users.findByIdForUpdate(userId, tx);
      if (!user) throw tokenInvalid();
      user.passwordHash = passwordHash;
      await this.users.save(tx, user);
      await this.tokens.retireAll(tx, user.id, 'reset_password');
      await this.sessions.revokeAll(tx, user.id);
    });
    return { message: PASSWORD_RESET_DONE_MESSAGE };
  }
}
