import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import {
  createEventServer,
  eventTransportConfigFromEnv,
  typeormTransactionRunner,
  type EventConsumerServerOptions,
} from '@loadout/events';
import { createApp } from '@loadout/http';
import { AppModule } from './app.module';
import {
  NOTIFICATIONS_GROUP,
  NOTIFICATIONS_SCHEMA,
  type NotificationsConfig,
} from './notifications.config';

export type ConsumerTuning = Pick<
  EventConsumerServerOptions,
  'maxAttempts' | 'retryDelayMs' | 'maxRetryDelayMs' | 'logger'
>;

/**
 * A mail relay outage should not dead-letter a verification email within seconds:
 * about a minute of retries (0.5 s doubling, capped at 30 s) before giving up.
 */
const DEFAULT_CONSUMER: ConsumerTuning = {
  maxAttempts: 8,
  retryDelayMs: 500,
  maxRetryDelayMs: 30_000,
};

/**
 * The HTTP app with the event consumer attached as a Nest microservice (group and schema
 * `notifications`). Call `startAllMicroservices()` and then listen, as main.ts does.
 */
export async function createNotificationsApp(
  config: NotificationsConfig,
  consumer: ConsumerTuning = {},
): Promise<NestFastifyApplication> {
  const app = await createApp(AppModule.register(config), {
    corsOrigins: config.CORS_ORIGINS,
    openApiTitle: 'Loadout notifications',
  });
  app.connectMicroservice(
    {
      strategy: createEventServer({
        transport: eventTransportConfigFromEnv(config, {
          databaseUrl: config.DATABASE_URL,
          clientId: 'notifications',
        }),
        group: NOTIFICATIONS_GROUP,
        schema: NOTIFICATIONS_SCHEMA,
        db: typeormTransactionRunner(app.get(DataSource)),
        ...DEFAULT_CONSUMER,
        ...consumer,
      }),
    },
    // Global interceptors (EventsModule's failure recorder) apply to the handlers too.
    { inheritAppConfig: true },
  );
  return app;
}
