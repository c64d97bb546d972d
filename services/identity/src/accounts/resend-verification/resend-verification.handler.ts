import { Inject, Injectable } from '@nestjs/common';
import { type KeyValueStore } from '@loadout/cache';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';
import { KEY_VALUE_STORE } from '../accounts.tokens';
import { CredentialChecker } from '../credentials/credential-checker';
import {
  alreadyVerified,
  tooManyAttempts,
  VERIFICATION_SENT_MESSAGE,
} from '../domain/account.errors';
import { assertEmbeddedMode, type RequestContext } from '../identity-mode';
import { UserRepository } from '../persistence/user.repository';
import { VerificationRequester } from '../verify-email/verification-requester';
import { type CredentialsDto } from '../credentials/credentials.dto';

const RESENDS_PER_HOUR = 5;

@Injectable()
export class ResendVerificationHandler {
  constructor(
    private readonly credentials: CredentialChecker,
    private readonly users: UserRepository,
    private readonly verification: VerificationRequester,
    @Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async resend(input: CredentialsDto, ctx: RequestContext): Promise<{ message: string }> {
    assertEmbeddedMode(this.config);
    const user = await this.credentials.check(input.email, input.password, ctx.ip, ctx.requestId);
    if (user.emailVerifiedAt) throw alreadyVerified();
    // Each resend is an email: a handful per hour is plenty.
    const { count } = await this.store.hit(`resend:${user.id}`, 60 * 60 * 1000);
    if (count > RESENDS_PER_HOUR) throw tooManyAttempts();
    await this.users.transaction((tx) => this.verification.request(tx, user, ctx.requestId));
    return { message: VERIFICATION_SENT_MESSAGE };
  }
}
