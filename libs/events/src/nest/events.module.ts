import {
  Inject,
  Injectable,
  Module,
  Optional,
  type DynamicModule,
  type InjectionToken,
  type ModuleMetadata,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { MetricsService } from '@loadout/http';
import { Gauge } from 'prom-client';
import { createEventTransport, type EventTransportConfig } from '../config/event-transport-config';
import { OutboxRelay } from '../outbox/outbox-relay';
import { OutboxWriter } from '../outbox/outbox-writer';
import { type EventTransport } from '../transport/event-transport';
import { kafkaGroupsStatus } from '../transport/kafka-event-transport';

export interface EventsModuleOptions {
  /** The service's schema: its outbox lives there. */
  schema: string;
  /** The service's database, read by the relay. */
  databaseUrl: string;
  /** A direct (unpooled) connection for the relay's LISTEN; default databaseUrl. */
  listenUrl?: string;
  /** Where the relay publishes; usually `eventTransportConfigFromEnv(...)`. */
  transport: EventTransportConfig;
  relay?: {
    /** Default true; false for processes that only write (a one-off script, say). */
    enabled?: boolean;
    batchSize?: number;
    pollIntervalMs?: number;
    errorBackoffMs?: number;
  };
}

export interface EventsModuleAsyncOptions {
  imports?: ModuleMetadata['imports'];
  inject?: InjectionToken[];
  useFactory: (...args: never[]) => EventsModuleOptions | Promise<EventsModuleOptions>;
}

export const EVENTS_MODULE_OPTIONS = Symbol('EVENTS_MODULE_OPTIONS');
/** The publishing transport the relay uses. Use cases write to the outbox instead. */
export const EVENT_TRANSPORT = Symbol('EVENT_TRANSPORT');

/** Runs the relay for as long as the app lives. */
@Injectable()
export class EventsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(EVENTS_MODULE_OPTIONS) private readonly options: EventsModuleOptions,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(EVENT_TRANSPORT) private readonly transport: EventTransport,
    @Optional() @Inject(MetricsService) private readonly metrics?: MetricsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Readiness stays the service's own database: the outbox buffers writes through a broker
    // outage or a long rebalance, so Kafka is watched through metrics and alerts instead.
    if (this.options.transport.kind === 'kafka' && this.metrics) registerKafkaMetrics(this.metrics);
    if (this.options.relay?.enabled ?? true) await this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.transport.close();
  }
}

/**
 * `loadout_event_consumer_up{group}` (1 while the group consumes) and
 * `loadout_event_consumer_lag{group,topic,partition}`, read from the consumers' own events at
 * scrape time: k8s/components/monitoring alerts on them.
 */
export function registerKafkaMetrics(metrics: MetricsService): void {
  const registers = [metrics.registry];
  if (metrics.registry.getSingleMetric('loadout_event_consumer_up')) return;
  new Gauge({
    name: 'loadout_event_consumer_up',
    help: 'Whether a Kafka consumer group of this process is consuming (1) or not (0)',
    labelNames: ['group'],
    registers,
    collect() {
      this.reset();
      for (const g of kafkaGroupsStatus())
        this.set({ group: g.group }, g.state === 'running' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'loadout_event_consumer_lag',
    help: 'Messages behind the high watermark after the last batch, per consumer group and partition',
    labelNames: ['group', 'topic', 'partition'],
    registers,
    collect() {
      this.reset();
      for (const g of kafkaGroupsStatus())
        for (const l of g.lag)
          this.set({ group: g.group, topic: l.topic, partition: String(l.partition) }, l.messages);
    },
  });
}

/**
 * Provides OutboxWriter to use cases and ships the service's outbox while the app runs.
 * Consumers are wired separately, as a microservice (createEventServer, connectEventServer).
 */
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    return EventsModule.build({ provide: EVENTS_MODULE_OPTIONS, useValue: options }, []);
  }

  static forRootAsync(options: EventsModuleAsyncOptions): DynamicModule {
    return EventsModule.build(
      {
        provide: EVENTS_MODULE_OPTIONS,
        inject: options.inject ?? [],
        useFactory: options.useFactory,
      },
      options.imports ?? [],
    );
  }

  private static build(
    optionsProvider: Provider,
    imports: NonNullable<ModuleMetadata['imports']>,
  ): DynamicModule {
    return {
      module: EventsModule,
      global: true,
      imports,
      providers: [
        optionsProvider,
        { provide: OutboxWriter, useFactory: () => new OutboxWriter() },
        {
          provide: EVENT_TRANSPORT,
          inject: [EVENTS_MODULE_OPTIONS],
          useFactory: (o: EventsModuleOptions) => createEventTransport(o.transport),
        },
        {
          provide: OutboxRelay,
          inject: [EVENTS_MODULE_OPTIONS, EVENT_TRANSPORT],
          useFactory: (o: EventsModuleOptions, transport: EventTransport) =>
            new OutboxRelay({
              databaseUrl: o.databaseUrl,
              listenUrl: o.listenUrl,
              schema: o.schema,
              transport,
              batchSize: o.relay?.batchSize,
              pollIntervalMs: o.relay?.pollIntervalMs,
              errorBackoffMs: o.relay?.errorBackoffMs,
            }),
        },
        EventsLifecycle,
      ],
      exports: [EVENTS_MODULE_OPTIONS, OutboxWriter, OutboxRelay, EVENT_TRANSPORT],
    };
  }
}
