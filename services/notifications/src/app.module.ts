import {
  Global,
  Module,
  type DynamicModule,
  type ModuleMetadata,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { EventsModule, eventTransportConfigFromEnv } from '@loadout/events';
import { PlatformModule, ReadinessRegistry } from '@loadout/http';
import { notificationsDataSourceOptions } from './data-source';
import { DevMailboxModule } from './dev-mailbox/dev-mailbox.module';
import { IdentityEventsModule } from './identity-events/identity-events.module';
import { InboxModule } from './inbox/inbox.module';
import {
  NOTIFICATIONS_CONFIG,
  NOTIFICATIONS_SCHEMA,
  type NotificationsConfig,
} from './notifications.config';

@Global()
@Module({})
class NotificationsConfigModule {
  static register(config: NotificationsConfig): DynamicModule {
    return {
      module: NotificationsConfigModule,
      providers: [{ provide: NOTIFICATIONS_CONFIG, useValue: config }],
      exports: [NOTIFICATIONS_CONFIG],
    };
  }
}

@Module({})
export class AppModule implements OnModuleInit {
  constructor(
    private readonly readiness: ReadinessRegistry,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  static register(config: NotificationsConfig): DynamicModule {
    const imports: NonNullable<ModuleMetadata['imports']> = [
      NotificationsConfigModule.register(config),
      PlatformModule.forRoot({
        serviceName: 'notifications',
        logLevel: config.LOG_LEVEL,
        prettyLogs: config.NODE_ENV === 'development',
        auth: {
          issuer: config.AUTH_ISSUER,
          jwksUrl: config.AUTH_JWKS_URL,
          audience: config.AUTH_AUDIENCE,
        },
      }),
      TypeOrmModule.forRoot(notificationsDataSourceOptions(config)),
      // Provides the interceptor that keeps consumer errors for dead letters; this service
      // publishes nothing yet, so its relay just watches an empty outbox.
      EventsModule.forRoot({
        schema: NOTIFICATIONS_SCHEMA,
        databaseUrl: config.DATABASE_URL,
        transport: eventTransportConfigFromEnv(config, {
          databaseUrl: config.DATABASE_URL,
          clientId: 'notifications',
        }),
      }),
      InboxModule,
      IdentityEventsModule.register(config),
    ];
    // With real mail there is no mailbox to read: the routes do not exist (404).
    if (config.MAIL_TRANSPORT === 'devbox') imports.push(DevMailboxModule);
    return { module: AppModule, imports };
  }

  onModuleInit(): void {
    this.readiness.register({
      name: 'database',
      check: async () => void (await this.dataSource.query('SELECT 1')),
    });
  }
}
