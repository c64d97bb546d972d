import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import {
  createEventServer,
  eventTransportConfigFromEnv,
  typeormTransactionRunner,
  type EventConsumerServerOptions,
} from '@loadout/events';
import { createApp } from '@loadout/http';
import { AppModule, type AppModuleOptions } from './app.module';
import { CACHE_EVENTS, SELLER_EVENTS } from './event-servers';
import {
  LISTINGS_CACHE_GROUP,
  LISTINGS_GROUP,
  LISTINGS_SCHEMA,
  type ListingsConfig,
} from './listings.config';

export type ConsumerTuning = Pick<
  EventConsumerServerOptions,
  'maxAttempts' | 'retryDelayMs' | 'maxRetryDelayMs' | 'logger'
>;

/**
 * The HTTP app with its two event consumers attached as Nest microservices: group `listings`
 * (identity's events → sellers read model) and group `listings-cache` (own listing events →
 * cached reads retired). Each server only runs the handlers tagged with its transport id.
 * Call `startAllMicroservices()` and then listen, as main.ts does.
 */
export async function createListingsApp(
  config: ListingsConfig,
  options: AppModuleOptions & { consumer?: ConsumerTuning } = {},
): Promise<NestFastifyApplication> {
  const app = await createApp(AppModule.register(config, options), {
    corsOrigins: config.CORS_ORIGINS,
    openApiTitle: 'Loadout listings',
  });
  const groups = [
    { group: LISTINGS_GROUP, id: SELLER_EVENTS },
    { group: LISTINGS_CACHE_GROUP, id: CACHE_EVENTS },
  ];
  for (const { group, id } of groups) {
    const strategy = createEventServer({
      transport: eventTransportConfigFromEnv(config, {
        databaseUrl: config.DATABASE_URL,
        clientId: `listings-${group}`,
      }),
      group,
      schema: LISTINGS_SCHEMA,
      db: typeormTransactionRunner(app.get(DataSource)),
      ...options.consumer,
    });
    strategy.setTransportId(id);
    // Global interceptors (EventsModule's failure recorder) apply to the handlers too.
    app.connectMicroservice({ strategy }, { inheritAppConfig: true });
  }
  return app;
}
