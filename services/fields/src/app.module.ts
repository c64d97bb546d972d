import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventsModule, eventTransportConfigFromEnv } from '@loadout/events';
import { PlatformModule } from '@loadout/http';
import { fieldsDataSourceOptions } from './data-source';
import { FIELDS_SCHEMA, type FieldsConfig } from './fields.config';
import { FieldsModule } from './fields/fields.module';

@Module({})
export class AppModule {
  static register(config: FieldsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot({
          serviceName: 'fields',
          logLevel: config.LOG_LEVEL,
          prettyLogs: config.NODE_ENV === 'development',
          auth: {
            issuer: config.AUTH_ISSUER,
            jwksUrl: config.AUTH_JWKS_URL,
            audience: config.AUTH_AUDIENCE,
          },
        }),
        TypeOrmModule.forRoot(fieldsDataSourceOptions(config)),
        EventsModule.forRoot({
          schema: FIELDS_SCHEMA,
          databaseUrl: config.DATABASE_URL,
          transport: eventTransportConfigFromEnv(config, {
            databaseUrl: config.DATABASE_URL,
            clientId: 'fields',
          }),
        }),
        FieldsModule,
      ],
    };
  }
}
