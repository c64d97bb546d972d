import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';
import { invalidCredentials, signInThrottled } from '../domain/account.errors';
import { SIGN_IN_THROTTLE } from '../domain/sign-in-throttle';
import { type UserEntity } from '../persistence/user.entity';
import { UserRepository } from '../persistence/user.repository';
import { UserEvents } from '../user-events';
import { PasswordHasher } from './password-hasher';
import { SignInLimiter } from './sign-in-limiter';

export const SIGN_IN_LIMITER = Symbol('SIGN_IN_LIMITER');

/**
 * Email + password check shared by sign-in and resend-verification (the seed's "signs in,
 * sends, signs out"): throttled (ADR 0021), same answer and timing for unknown emails and
 * wrong passwords.
 */
@Injectable()
export class CredentialChecker {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly events: UserEvents,
    @Inject(SIGN_IN_LIMITER) private readonly limiter: SignInLimiter,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async check(
    email: string,
    password: string,
    ip: string,
    requestId?: string,
  ): Promise<UserEntity> {
    const decision = await this.limiter.begin(email, ip);
    if (!decision.allowed) throw signInThrottled(decision.retryAfterMs);
    // An account guessed from many addresses is slowed down, never locked.
    if (decision.delayMs > 0) await new Promise((r) => setTimeout(r, decision.delayMs));
    const user = await this.users.findByEmail(email);
    const ok = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      const { accountFailures } = await this.limiter.failed(email);
      // Exactly one request sees the count reach it, so once per window.
      if (user && accountFailures === SIGN_IN_THROTTLE.warnOwnerAt) {
        await this.warnOwner(user, accountFailures, requestId);
      }
      throw invalidCredentials();
    }
    await this.limiter.succeeded(email, ip);
    return user;
  }

  private async warnOwner(user: UserEntity, failedAttempts: number, requestId?: string) {
    if (user.suspendedAt) return;
    await this.users.transaction((tx) =>
      this.events.signInThrottled(
        tx,
        user,
        {
          failedAttempts,
          windowMinutes: SIGN_IN_THROTTLE.accountWindowMs / 60_000,
          resetUrl: `${this.config.PUBLIC_URL}/auth/forgot-password`,
        },
        { requestId, actorId: null },
      ),
    );
  }
}
