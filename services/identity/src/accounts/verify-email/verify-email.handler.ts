import { Inject, Injectable } from '@nestjs/common';
import { OutboxWriter } from '@loadout/events';
import { IDENTITY_CONFIG, IDENTITY_SCHEMA, type IdentityConfig } from '../../identity.config';
import { tokenInvalid } from '../domain/account.errors';
import { assertEmbeddedMode } from '../identity-mode';
import { AccountTokenRepository } from '../persistence/account-token.repository';
import { UserRepository } from '../persistence/user.repository';

@Injectable()
export class VerifyEmailHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: AccountTokenRepository,
    private readonly outbox: OutboxWriter,
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
        await tx.save(user);
        await this.outbox.append(
          tx,
          IDENTITY_SCHEMA,
          {
            type: 'identity.user.verified.v1',
            aggregateId: user.id,
            payload: { userId: user.id, email: user.email },
          },
          { correlationId: requestId, actorId: user.id },
        );
      }
      return { email: user.email };
    });
  }
}
