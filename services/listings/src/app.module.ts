import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule, eventTransportConfigFromEnv } from '@loadout/events';
import { PlatformModule } from '@loadout/http';
import { listingsDataSourceOptions } from './data-source';
import { ImagesModule } from './images/images.module';
import { LISTINGS_CONFIG, LISTINGS_SCHEMA, type ListingsConfig } from './listings.config';
import { ListingsModule } from './listings/listings.module';

@Global()
@Module({})
class ListingsConfigModule {
  static register(config: ListingsConfig): DynamicModule {
    return {
      module: ListingsConfigModule,
      providers: [{ provide: LISTINGS_CONFIG, useValue: config }],
      exports: [LISTINGS_CONFIG],
    };
  }
}

export interface AppModuleOptions {
  /**
   * The module providing `LISTING_IMAGES`; `ImagesModule.register(config)` unless a test
   * stands in for it. It must export the token and be global or imported where needed.
   */
  images?: DynamicModule;
}

@Module({})
export class AppModule {
  static register(config: ListingsConfig, options: AppModuleOptions = {}): DynamicModule {
    const images = options.images ?? ImagesModule.register(config);
    return {
      module: AppModule,
      imports: [
        ListingsConfigModule.register(config),
        PlatformModule.forRoot({
          serviceName: 'listings',
          logLevel: config.LOG_LEVEL,
          prettyLogs: config.NODE_ENV === 'development',
          auth: {
            issuer: config.AUTH_ISSUER,
            jwksUrl: config.AUTH_JWKS_URL,
            audience: config.AUTH_AUDIENCE,
          },
        }),
        TypeOrmModule.forRoot(listingsDataSourceOptions(config)),
        EventsModule.forRoot({
          schema: LISTINGS_SCHEMA,
          databaseUrl: config.DATABASE_URL,
          transport: eventTransportConfigFromEnv(config, {
            databaseUrl: config.DATABASE_URL,
            clientId: 'listings',
          }),
        }),
        { ...images, global: true },
        ListingsModule,
      ],
    };
  }
}
