import { Inject, Injectable } from '@nestjs/common';
import { invalidCredentials, tooManyAttempts } from '../domain/account.errors';
import { type UserEntity } from '../persistence/user.entity';
import { UserRepository } from '../persistence/user.repository';
import { PasswordHasher } from './password-hasher';
import { SignInLimiter } from './sign-in-limiter';

export const SIGN_IN_LIMITER = Symbol('SIGN_IN_LIMITER');

/**
 * Email + password check shared by sign-in and resend-verification (the seed's "signs in,
 * sends, signs out"): rate limited, same answer and timing for unknown emails and wrong passwords.
 */
@Injectable()
export class CredentialChecker {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    @Inject(SIGN_IN_LIMITER) private readonly limiter: SignInLimiter,
  ) {}

  async check(email: string, password: string, ip: string): Promise<UserEntity> {
    const decision = await this.limiter.decide(email, ip);
    if (decision.blocked) throw tooManyAttempts();
    // An account guessed from many addresses is slowed down, never locked (ADR 0010).
    if (decision.delayMs > 0) await new Promise((r) => setTimeout(r, decision.delayMs));
    const user = await this.users.findByEmail(email);
    const ok = await this.hasher.verify(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      await this.limiter.failed(email, ip);
      throw invalidCredentials();
    }
    await this.limiter.succeeded(email, ip);
    return user;
  }
}
