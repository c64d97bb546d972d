import {
  Global,
  Inject,
  Module,
  type DynamicModule,
  type OnModuleInit,
  type Provider,
  type Type,
} from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EventsModule, eventTransportConfigFromEnv } from '@loadout/events';
import { PlatformModule, ReadinessRegistry } from '@loadout/http';
import { DeadLettersModule } from './dead-letters/dead-letters.module';
import { withConnectionOptions } from '@loadout/db';
import { DatabasePoolMetricsModule } from './database-pool-metrics';
import { serviceDataSourceOptionsOf, sessionOptionsOf } from './service-data-source';
import { schemaOf, type ServiceConfig, type ServiceDefinition } from './service-definition';

/** The parsed config under its own token, plus `definition.providers`, for every module. */
@Global()
@Module({})
class ServiceCoreModule {
  static register(providers: Provider[]): DynamicModule {
    return {
      module: ServiceCoreModule,
      providers,
      exports: providers.map((p) => (typeof p === 'function' ? p : p.provide)),
    };
  }
}

/** "Ready" includes the service's own database for every service. */
@Module({})
class DatabaseReadinessModule implements OnModuleInit {
  constructor(
    @Inject(ReadinessRegistry) private readonly readiness: ReadinessRegistry,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.readiness.register({
      name: 'database',
      check: async () => void (await this.dataSource.query('SELECT 1')),
    });
  }
}

/**
 * Where LISTEN and session locks go: DATABASE_DIRECT_URL, or DATABASE_URL without a pooler.
 * The postgres transport holds a session advisory lock and LISTENs, so all of it goes direct.
 */
/** The direct database (LISTEN, the event transport's session lock), with the session limits. */
export const directDatabaseUrl = (config: ServiceConfig): string =>
  withConnectionOptions(
    config.DATABASE_DIRECT_URL ?? config.DATABASE_URL,
    sessionOptionsOf(config),
  );

/** The pooled database URL with the session limits (ADR 0026), for pools built from a URL. */
export const pooledDatabaseUrl = (config: ServiceConfig): string =>
  withConnectionOptions(config.DATABASE_URL, sessionOptionsOf(config));

export interface ServiceModuleOverrides {
  /**
   * Swaps one of the service's modules (named by its class) for a stand-in, e.g. a test double
   * of an adapter module. The stand-in keeps the original's `global` flag.
   */
  replace?: ReadonlyArray<readonly [Type<unknown>, DynamicModule]>;
}

/** The config under the service's token plus the definition's shared providers. */
export function coreProviders<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config: C,
): Provider[] {
  return [
    ...(definition.configToken ? [{ provide: definition.configToken, useValue: config }] : []),
    ...(definition.providers?.(config) ?? []),
  ];
}

/** The service's own modules, with any stand-ins swapped in. */
export function ownModules<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config: C,
  overrides: ServiceModuleOverrides = {},
) {
  const replaced = new Map(overrides.replace);
  return definition.modules(config).map((m) => {
    const dynamic = typeof m === 'object' && 'module' in m ? m : undefined;
    const stand = replaced.get(dynamic ? dynamic.module : (m as Type<unknown>));
    return stand ? { ...stand, global: dynamic?.global ?? stand.global } : m;
  });
}

/**
 * The root module of a service: platform (logs, auth guard, errors, health, metrics), its
 * TypeORM connection, its outbox relay, the config and shared providers, its dead letters
 * (`internal/dead-letters`, for admins), then its own modules.
 */
@Module({})
export class ServiceModule {
  static register<C extends ServiceConfig>(
    definition: ServiceDefinition<C>,
    config: C,
    overrides: ServiceModuleOverrides = {},
  ): DynamicModule {
    return {
      module: ServiceModule,
      imports: [
        ServiceCoreModule.register(coreProviders(definition, config)),
        PlatformModule.forRoot({
          serviceName: definition.name,
          logLevel: config.LOG_LEVEL,
          prettyLogs: config.NODE_ENV === 'development',
          auth: {
            issuer: config.AUTH_ISSUER,
            jwksUrl: config.AUTH_JWKS_URL,
            audience: config.AUTH_AUDIENCE,
            sessionsUrl: config.AUTH_SESSIONS_URL,
          },
        }),
        TypeOrmModule.forRoot(serviceDataSourceOptionsOf(definition, config)),
        DatabaseReadinessModule,
        DatabasePoolMetricsModule,
        EventsModule.forRoot({
          schema: schemaOf(definition),
          databaseUrl: pooledDatabaseUrl(config),
          listenUrl: directDatabaseUrl(config),
          transport: eventTransportConfigFromEnv(config, {
            databaseUrl: directDatabaseUrl(config),
            clientId: definition.name,
          }),
        }),
        DeadLettersModule.register(definition.name, schemaOf(definition)),
        ...ownModules(definition, config, overrides),
      ],
    };
  }
}
