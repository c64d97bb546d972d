import { createKeyValueStore } from '@loadout/cache';
import { defineService } from '@loadout/service-kit';
import { AccountsModule } from './accounts/accounts.module';
import { AddressesModule } from './addresses/addresses.module';
import { AddressEntity } from './addresses/persistence/address.entity';
import { COMMON_PASSWORDS, KEY_VALUE_STORE } from './accounts/accounts.tokens';
import { ACCOUNT_SESSIONS } from './sessions/account-sessions.port';
import { loadCommonPasswords } from './accounts/domain/password-rule';
import { AccountTokenEntity } from './accounts/persistence/account-token.entity';
import { UserEntity } from './accounts/persistence/user.entity';
import { IDENTITY_CONFIG, IDENTITY_SCHEMA, loadIdentityConfig } from './identity.config';
import { identityMigrations } from './migrations';
import { OidcModule } from './oidc/oidc.module';
import { OidcKeyEntity } from './oidc/persistence/oidc-key.entity';
import { OidcPayloadEntity } from './oidc/persistence/oidc-payload.entity';
import { PrivacyModule } from './privacy/privacy.module';
import { OidcAccountSessions } from './oidc/persistence/oidc-sessions';
import { EndedSessionEntity } from './sessions/persistence/ended-session.entity';
import { SessionsModule } from './sessions/sessions.module';

/**
 * The identity service: accounts and profiles, and in embedded mode the OpenID Connect provider
 * (mounted at /oidc on the same Fastify instance by OidcModule).
 */
export const identityService = defineService({
  name: 'identity',
  schema: IDENTITY_SCHEMA,
  loadConfig: loadIdentityConfig,
  configToken: IDENTITY_CONFIG,
  entities: [
    UserEntity,
    AccountTokenEntity,
    OidcPayloadEntity,
    OidcKeyEntity,
    EndedSessionEntity,
    AddressEntity,
  ],
  migrations: identityMigrations,
  providers: (config) => [
    {
      provide: COMMON_PASSWORDS,
      // Keycloak mode sets no passwords here (its realm has its own policy).
      useFactory: () =>
        config.IDENTITY_PROVIDER === 'embedded' ? loadCommonPasswords() : new Set<string>(),
    },
    {
      provide: KEY_VALUE_STORE,
      useFactory: () => createKeyValueStore(config.REDIS_URL, 'loadout:identity:'),
    },
    // Password reset ends the account's sessions through this port (keycloak mode never resets).
    { provide: ACCOUNT_SESSIONS, useClass: OidcAccountSessions },
  ],
  modules: (config) => [
    AccountsModule,
    AddressesModule,
    SessionsModule,
    PrivacyModule,
    ...(config.IDENTITY_PROVIDER === 'embedded' ? [OidcModule] : []),
  ],
});
