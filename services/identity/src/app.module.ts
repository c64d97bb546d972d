import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { createKeyValueStore } from '@loadout/cache';
import { EventsModule, eventTransportConfigFromEnv } from '@loadout/events';
import { PlatformModule } from '@loadout/http';
import { AccountsModule } from './accounts/accounts.module';
import { COMMON_PASSWORDS, KEY_VALUE_STORE } from './accounts/accounts.tokens';
import { loadCommonPasswords } from './accounts/domain/password-rule';
import { identityDataSourceOptions } from './data-source';
import { IDENTITY_CONFIG, IDENTITY_SCHEMA, type IdentityConfig } from './identity.config';
import { OidcModule } from './oidc/oidc.module';

/** Configuration and shared infrastructure every identity module may inject. */
@Global()
@Module({})
class IdentityCoreModule {
  static register(config: IdentityConfig): DynamicModule {
    return {
      module: IdentityCoreModule,
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
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
      ],
      exports: [IDENTITY_CONFIG, COMMON_PASSWORDS, KEY_VALUE_STORE],
    };
  }
}

@Module({})
export class AppModule {
  static register(config: IdentityConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        IdentityCoreModule.register(config),
        PlatformModule.forRoot({
          serviceName: 'identity',
          logLevel: config.LOG_LEVEL,
          prettyLogs: config.NODE_ENV === 'development',
          auth: {
            issuer: config.AUTH_ISSUER,
            jwksUrl: config.AUTH_JWKS_URL,
            audience: config.AUTH_AUDIENCE,
          },
        }),
        TypeOrmModule.forRoot(identityDataSourceOptions(config)),
        EventsModule.forRoot({
          schema: IDENTITY_SCHEMA,
          databaseUrl: config.DATABASE_URL,
          transport: eventTransportConfigFromEnv(config, {
            databaseUrl: config.DATABASE_URL,
            clientId: 'identity',
          }),
        }),
        AccountsModule,
        ...(config.IDENTITY_PROVIDER === 'embedded' ? [OidcModule] : []),
      ],
    };
  }
}
