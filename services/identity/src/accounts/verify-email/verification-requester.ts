import { Inject, Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';
import { tokenLink } from '../domain/one-time-token';
import { AccountTokenRepository } from '../persistence/account-token.repository';
import { type UserEntity } from '../persistence/user.entity';
import { UserEvents } from '../user-events';

/** Issues a verification token and asks (through the outbox) for the email that carries it. */
@Injectable()
export class VerificationRequester {
  constructor(
    private readonly tokens: AccountTokenRepository,
    private readonly events: UserEvents,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async request(tx: EntityManager, user: UserEntity, requestId: string): Promise<void> {
    const token = await this.tokens.issue(tx, user.id, 'verify_email');
    await this.events.verificationRequested(
      tx,
      user,
      {
        verifyUrl: tokenLink(this.config.PUBLIC_URL, 'verify_email', token.raw),
        expiresAt: token.expiresAt,
      },
      { requestId, actorId: user.id },
    );
  }
}
