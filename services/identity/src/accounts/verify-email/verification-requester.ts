import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { OutboxWriter } from '@loadout/events';
import { IDENTITY_CONFIG, IDENTITY_SCHEMA, type IdentityConfig } from '../../identity.config';
import { tokenLink } from '../domain/one-time-token';
import { AccountTokenRepository } from '../persistence/account-token.repository';
import { type UserEntity } from '../persistence/user.entity';

/** Issues a verification token and asks (through the outbox) for the email that carries it. */
@Injectable()
export class VerificationRequester {
  constructor(
    private readonly tokens: AccountTokenRepository,
    private readonly outbox: OutboxWriter,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async request(tx: EntityManager, user: UserEntity, requestId: string): Promise<void> {
    const token = await this.tokens.issue(tx, user.id, 'verify_email');
    await this.outbox.append(
      tx,
      IDENTITY_SCHEMA,
      {
        type: 'identity.user.verification_requested.v1',
        aggregateId: user.id,
        payload: {
          userId: user.id,
          email: user.email,
          displayName: user.displayName,
          verifyUrl: tokenLink(this.config.PUBLIC_URL, 'verify_email', token.raw),
          expiresAt: token.expiresAt.toISOString(),
        },
      },
      { correlationId: requestId, actorId: user.id },
    );
  }
}
