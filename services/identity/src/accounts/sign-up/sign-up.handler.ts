import { Inject, Injectable } from '@nestjs/common';
import { type KeyValueStore } from '@loadout/cache';
import { newId } from '@loadout/db';
import { validationError } from '@loadout/errors';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config';
import { PasswordHasher } from '../credentials/password-hasher';
import {
  agreementRequired,
  invalidUsername,
  SIGN_UP_MESSAGE,
  under18,
  usernameTaken,
  usernameTooSimilar,
  weakPassword,
} from '../domain/account.errors';
import { checkAdult } from '../domain/age-rule';
import { checkPassword } from '../domain/password-rule';
import { checkUsername } from '../domain/username-rule';
import { usernameSkeleton } from '../domain/username-skeleton';
import { assertEmbeddedMode } from '../identity-mode';
import { COMMON_PASSWORDS, KEY_VALUE_STORE } from '../accounts.tokens';
import { withTimeFloor } from '../domain/constant-time';
import { UserEntity } from '../persistence/user.entity';
import { uniqueViolation, UserRepository } from '../persistence/user.repository';
import { UserEvents } from '../user-events';
import { VerificationRequester } from '../verify-email/verification-requester';
import { type SignUpDto, type SignUpResponse } from './sign-up.dto';

/** Sign-up answers no sooner than this (an argon2 hash and a few writes fit under it). */
const SIGN_UP_TIME_FLOOR_MS = 400;
/** At most this many "someone tried to sign up" mails per account per day. */
const SIGN_UP_ATTEMPT_MAILS_PER_WINDOW = 3;
const SIGN_UP_ATTEMPT_WINDOW_MS = 24 * 60 * 60 * 1000;

/** Seed §7 "Sign up": creates the profile, asks for the verification email; never signs in. */
@Injectable()
export class SignUpHandler {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly verification: VerificationRequester,
    private readonly events: UserEvents,
    @Inject(COMMON_PASSWORDS) private readonly commonPasswords: ReadonlySet<string>,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore,
  ) {}

  async signUp(input: SignUpDto, requestId: string): Promise<SignUpResponse> {
    assertEmbeddedMode(this.config);
    if (input.acceptTerms !== true || input.acceptPrivacy !== true) throw agreementRequired();
    const adult = checkAdult({ dateOfBirth: input.dateOfBirth, over18: input.over18 });
    if (!adult.ok) {
      switch (adult.reason) {
        case 'invalid_date':
        case 'future_date':
          throw validationError('COMMON.VALIDATION_FAILED', 'Date of birth must be a real date.', [
            { field: 'dateOfBirth', messages: ['Date of birth must be a real date.'] },
          ]);
        case 'under_18':
          throw under18();
        case 'not_declared':
          throw under18('Please confirm that you are 18 or older.');
      }
    }
    const username = checkUsername(input.username);
    if (!username.ok) throw invalidUsername(username.message);
    const password = checkPassword(input.password, this.commonPasswords);
    if (!password.ok) throw weakPassword(password.message);

    const email = input.email.trim();
    // The same answer, in the same time, for a new and an existing email (finding 5): the
    // owner of an existing account is told by email instead of the caller by the API.
    return withTimeFloor(SIGN_UP_TIME_FLOOR_MS, async () => {
      const existing = await this.users.findByEmail(email);
      if (existing) {
        await this.hasher.hash(input.password); // the work a new account costs
        await this.tellOwner(existing, requestId);
        return { email, message: SIGN_UP_MESSAGE };
      }
      return this.create(input, email, username.username, requestId);
    });
  }

  private async tellOwner(user: UserEntity, requestId: string): Promise<void> {
    if (user.suspendedAt) return;
    const { count } = await this.store.hit(`signup-attempt:${user.id}`, SIGN_UP_ATTEMPT_WINDOW_MS);
    if (count > SIGN_UP_ATTEMPT_MAILS_PER_WINDOW) return;
    await this.users.transaction((tx) =>
      this.events.signUpAttempted(
        tx,
        user,
        {
          signInUrl: `${this.config.PUBLIC_URL}/auth`,
          resetUrl: `${this.config.PUBLIC_URL}/auth/forgot-password`,
        },
        { requestId, actorId: null },
      ),
    );
  }

  private async create(
    input: SignUpDto,
    email: string,
    checkedUsername: string,
    requestId: string,
  ): Promise<SignUpResponse> {
    const lookAlike = await this.users.findLookAlike(checkedUsername);
    if (lookAlike) {
      throw lookAlike.username === checkedUsername
        ? usernameTaken()
        : usernameTooSimilar(lookAlike.username);
    }

    const user = Object.assign(new UserEntity(), {
      id: newId(),
      email,
      username: checkedUsername,
      usernameSkeleton: usernameSkeleton(checkedUsername),
      // Public by default: the username, not the legal name (the user may change it).
      displayName: checkedUsername,
      fullName: input.fullName.trim(),
      bio: '',
      location: '',
      county: null,
      avatarUrl: null,
      sellerType: input.sellerType ?? 'private',
      role: 'user' as const,
      dateOfBirth: input.dateOfBirth ?? null,
      over18Declared: input.over18 === true,
      termsAcceptedAt: new Date(),
      passwordHash: await this.hasher.hash(input.password),
      emailVerifiedAt: null,
      suspendedAt: null,
      suspendedReason: null,
    });
    try {
      await this.users.transaction(async (tx) => {
        const saved = await this.users.save(tx, user);
        await this.events.registered(tx, saved, { requestId, actorId: saved.id });
        await this.verification.request(tx, saved, requestId);
      });
    } catch (err) {
      // Two sign-ups racing for the same email or username: the unique index decides.
      const taken = uniqueViolation(err);
      if (taken === 'email') return { email, message: SIGN_UP_MESSAGE };
      if (taken === 'username') throw usernameTaken();
      throw err;
    }
    return { email, message: SIGN_UP_MESSAGE };
  }
}
