import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import {
  connectEventServer,
  createEventServer,
  eventTransportConfigFromEnv,
  typeormTransactionRunner,
} from '@loadout/events';
import { createApp, type CreateAppOptions } from '@loadout/http';
import {
  consumerClientId,
  schemaOf,
  type ConsumerTuning,
  type ServiceConfig,
  type ServiceDefinition,
} from './service-definition';
import { directDatabaseUrl, ServiceModule, type ServiceModuleOverrides } from './service.module';

export interface CreateServiceAppOptions extends ServiceModuleOverrides {
  /** Consumer tuning applied over each group's own (tests shorten retries). */
  consumer?: ConsumerTuning;
  /** HTTP options over the definition's (tests name the hop that plays the gateway). */
  http?: Partial<Omit<CreateAppOptions, 'corsOrigins'>>;
}

/**
 * The HTTP app of a service with each consumer group attached as a Nest microservice.
 * Call `startAllMicroservices()` and then listen, as `runService` does.
 */
export async function createServiceApp<C extends ServiceConfig>(
  definition: ServiceDefinition<C>,
  config: C,
  options: CreateServiceAppOptions = {},
): Promise<NestFastifyApplication> {
  const app = await createApp(ServiceModule.register(definition, config, options), {
    corsOrigins: config.CORS_ORIGINS,
    openApiTitle: `Loadout ${definition.name}`,
    ...(config.MANAGEMENT_PORT !== undefined && { managementPort: config.MANAGEMENT_PORT }),
    ...definition.http,
    ...options.http,
  });
  for (const { group, transportId, tuning, inbox } of definition.consumers ?? []) {
    const strategy = createEventServer({
      transport: eventTransportConfigFromEnv(config, {
        databaseUrl: directDatabaseUrl(config),
        clientId: consumerClientId(definition.name, group),
      }),
      group,
      schema: schemaOf(definition),
      db: typeormTransactionRunner(app.get(DataSource)),
      inbox,
      ...tuning,
      ...options.consumer,
    });
    if (transportId) strategy.setTransportId(transportId);
    // Its own global config: the failure recorder, and nothing on the HTTP side (ADR 0053).
    connectEventServer(app, strategy);
  }
  return app;
}
