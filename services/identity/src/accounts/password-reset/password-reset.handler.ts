import { Inject, Injectable } from '@nestjs/common';
import { type KeyValueStore } from '@loadout/cache';
import { OutboxWriter } from '@loadout/events';
import { IDENTITY_CONFIG, IDENTITY_SCHEMA, type IdentityConfig } from '../../identity.config';
import { revokeAccountSessions } from '../../oidc/persistence/oidc-sessions';
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

const RESET_EMAILS_PER_HOUR = 5;
/** The token write and its event take a few ms; the reply never comes sooner than this. */
const RESET_TIME_FLOOR_MS = 150;

@Injectable()
export class PasswordResetHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: AccountTokenRepository,
    private readonly hasher: PasswordHasher,
    private readonly outbox: OutboxWriter,
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
        await this.outbox.append(
          tx,
          IDENTITY_SCHEMA,
          {
            type: 'identity.user.password_reset_requested.v1',
            aggregateId: user.id,
            payload: {
              userId: user.id,
              email: user.email,
              displayName: user.displayName,
              resetUrl: tokenLink(this.config.PUBLIC_URL, 'reset_password', token.raw),
              expiresAt: token.expiresAt.toISOString(),
            },
          },
          { correlationId: requestId, actorId: null },
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
      await tx.save(user);
      await this.tokens.retireAll(tx, user.id, 'reset_password');
      await revokeAccountSessions(tx, user.id);
    });
    return { message: PASSWORD_RESET_DONE_MESSAGE };
  }
}
