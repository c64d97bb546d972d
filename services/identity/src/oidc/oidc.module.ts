import { Inject, Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyInstance } from 'fastify';
import type { Provider } from 'oidc-provider';
import { DataSource } from 'typeorm';
import { AccountsModule } from '../accounts/accounts.module';
import { UserRepository } from '../accounts/persistence/user.repository';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { InteractionController } from './interaction/interaction.controller';
import { InteractionHandler } from './interaction/interaction.handler';
import { mountOidcProvider } from './mount/oidc-mount';
import { OIDC_PROVIDER } from './provider/oidc.tokens';
import { loadOrCreateKeys } from './persistence/oidc-key.store';
import { deleteExpiredPayloads, postgresAdapter } from './persistence/postgres-adapter';
import { createOidcProvider } from './provider/provider-configuration';
import { RefreshResults } from './persistence/refresh-results';
import { SessionRevocationRepository } from '../sessions/persistence/session-revocation.repository';
import { REFRESH_GRACE } from './refresh-grace/refresh-grace.middleware';

const CLEANUP_EVERY_MS = 15 * 60 * 1000;

/** The embedded OpenID Connect provider (ADR 0006), mounted at /oidc. Not loaded in keycloak mode. */
@Module({
  imports: [AccountsModule],
  controllers: [InteractionController],
  providers: [
    {
      provide: OIDC_PROVIDER,
      inject: [DataSource, UserRepository, IDENTITY_CONFIG],
      useFactory: async (dataSource: DataSource, users: UserRepository, config: IdentityConfig) =>
        createOidcProvider({
          config,
          keys: await loadOrCreateKeys(dataSource),
          adapter: postgresAdapter(dataSource, {
            refreshGraceSeconds: REFRESH_GRACE.graceSeconds,
            sessions: new SessionRevocationRepository(dataSource),
          }),
          refreshResults: new RefreshResults(dataSource),
          findUser: (id) => users.findById(id),
        }),
    },
    InteractionHandler,
  ],
})
export class OidcModule implements OnModuleInit, OnModuleDestroy {
  private cleanup?: NodeJS.Timeout;

  constructor(
    private readonly http: HttpAdapterHost,
    @Inject(OIDC_PROVIDER) private readonly provider: Provider,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async onModuleInit(): Promise<void> {
    const fastify = this.http.httpAdapter.getInstance<FastifyInstance>();
    await mountOidcProvider(fastify, this.provider, this.config.PUBLIC_URL);
    const sweep = () => void deleteExpiredPayloads(this.dataSource).catch(() => undefined);
    sweep();
    this.cleanup = setInterval(sweep, CLEANUP_EVERY_MS).unref();
  }

  onModuleDestroy(): void {
    if (this.cleanup) clearInterval(this.cleanup);
  }
}
