import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';
import { tokenInvalid } from '../domain/account.errors';
import { assertEmbeddedMode } from '../identity-mode';
import { AccountTokenRepository } from '../persistence/account-token.repository';
import { UserRepository } from '../persistence/user.repository';
import { UserEvents } from '../user-events';

@Injectable()
export class VerifyEmailHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: AccountTokenRepository,
    private readonly events: UserEvents,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async verify(rawToken: string, requestId: string): Promise<{ email: string }> {
    assertEmbeddedMode(this.config);
    return this.users.transaction(async (tx) => {
      const userId = await this.tokens.consume(tx, rawToken, 'verify_email');
      if (!userId) throw tokenInvalid();
      const user = await this.users.findByIdForUpdate(userId, tx);
      if (!user) throw tokenInvalid();
      // Older links of the same address are spent too: one verification per address.
      await this.tokens.retireAll(tx, user.id, 'verify_email');
      if (!user.emailVerifiedAt) {
        user.emailVerifiedAt = new Date();
        await this.users.save(tx, user);
        await this.events.verified(tx, user, { requestId, actorId: user.id });
      }
      return { email: user.email };
    });
  }
}
