import { Inject, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { type KeyValueStore } from '@loadout/cache';
import { ReadinessRegistry } from '@loadout/http';
import { KEY_VALUE_STORE } from './accounts.tokens';
import { AuthConfigController } from './auth-config/auth-config.controller';
import { ChangeRoleController } from './change-role/change-role.controller';
import { ChangeRoleHandler } from './change-role/change-role.handler';
import { CredentialChecker, SIGN_IN_LIMITER } from './credentials/credential-checker';
import { PasswordHasher } from './credentials/password-hasher';
import { SignInLimiter } from './credentials/sign-in-limiter';
import { PasswordResetController } from './password-reset/password-reset.controller';
import { PasswordResetHandler } from './password-reset/password-reset.handler';
import { AccountTokenRepository } from './persistence/account-token.repository';
import { UserRepository } from './persistence/user.repository';
import { LiftExpiredSuspensionsJob } from './lift-expired-suspensions/lift-expired-suspensions.job';
import { KeycloakCallerInterceptor } from './profile/keycloak-caller.interceptor';
import { KeycloakProvisioner } from './profile/keycloak-provisioner';
import { ProfileController } from './profile/profile.controller';
import { ProfileHandler } from './profile/profile.handler';
import { ReinstateUserController } from './reinstate-user/reinstate-user.controller';
import { ReinstateUserHandler } from './reinstate-user/reinstate-user.handler';
import { ResendVerificationController } from './resend-verification/resend-verification.controller';
import { ResendVerificationHandler } from './resend-verification/resend-verification.handler';
import { SearchUsersController } from './search-users/search-users.controller';
import { SignUpController } from './sign-up/sign-up.controller';
import { SignUpHandler } from './sign-up/sign-up.handler';
import { SuspendUserController } from './suspend-user/suspend-user.controller';
import { SuspendUserHandler } from './suspend-user/suspend-user.handler';
import { UserEvents } from './user-events';
import { UserProfilesController } from './user-profiles/user-profiles.controller';
import { UserStatusController } from './user-status/user-status.controller';
import { VerificationRequester } from './verify-email/verification-requester';
import { VerifyEmailController } from './verify-email/verify-email.controller';
import { VerifyEmailHandler } from './verify-email/verify-email.handler';

/** Profiles, credentials and the account API (both identity modes). */
@Module({
  controllers: [
    SignUpController,
    VerifyEmailController,
    ResendVerificationController,
    PasswordResetController,
    AuthConfigController,
    ProfileController,
    UserStatusController,
    UserProfilesController,
    SearchUsersController,
    SuspendUserController,
    ReinstateUserController,
    ChangeRoleController,
  ],
  providers: [
    UserRepository,
    AccountTokenRepository,
    UserEvents,
    PasswordHasher,
    {
      provide: SIGN_IN_LIMITER,
      inject: [KEY_VALUE_STORE],
      useFactory: (store: KeyValueStore) => new SignInLimiter(store),
    },
    CredentialChecker,
    VerificationRequester,
    SignUpHandler,
    VerifyEmailHandler,
    ResendVerificationHandler,
    PasswordResetHandler,
    KeycloakProvisioner,
    { provide: APP_INTERCEPTOR, useClass: KeycloakCallerInterceptor },
    ProfileHandler,
    SuspendUserHandler,
    ReinstateUserHandler,
    ChangeRoleHandler,
    LiftExpiredSuspensionsJob,
  ],
  exports: [UserRepository, CredentialChecker, ReinstateUserHandler, UserEvents],
})
export class AccountsModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    private readonly readiness: ReadinessRegistry,
    @Inject(KEY_VALUE_STORE) private readonly store: KeyValueStore,
  ) {}

  onModuleInit(): void {
    if (this.store.kind === 'redis') {
      this.readiness.register({ name: 'redis', check: () => this.store.ping() });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
