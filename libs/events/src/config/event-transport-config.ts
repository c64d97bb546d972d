import { AppError } from '@loadout/errors';
import { type EventTransport } from '../transport/event-transport';
import {
  KafkaEventTransport,
  type KafkaEventTransportOptions,
} from '../transport/kafka-event-transport';
import {
  PostgresEventTransport,
  type PostgresEventTransportOptions,
} from '../transport/postgres-event-transport';

export type EventTransportConfig =
  | ({ kind: 'postgres' } & PostgresEventTransportOptions)
  | ({ kind: 'kafka' } & KafkaEventTransportOptions);

/** The variables this library reads; `process.env` or a parsed config object both fit. */
export interface EventsEnv {
  EVENT_TRANSPORT?: string;
  KAFKA_BROKERS?: string | readonly string[];
  KAFKA_CLIENT_ID?: string;
}

const configError = (message: string) => new AppError('EVENTS.INVALID_CONFIG', message, 'internal');

/**
 * Picks the transport from EVENT_TRANSPORT (`postgres`, the default, or `kafka`).
 * The postgres transport keeps its log in `databaseUrl`'s database (schema `event_bus`).
 */
export function eventTransportConfigFromEnv(
  env: EventsEnv,
  defaults: { databaseUrl: string; clientId?: string },
): EventTransportConfig {
  const kind = env.EVENT_TRANSPORT || 'postgres';
  switch (kind) {
    case 'postgres':
      return { kind, connectionString: defaults.databaseUrl };
    case 'kafka': {
      const raw = env.KAFKA_BROKERS ?? [];
      const brokers = (typeof raw === 'string' ? raw.split(',') : [...raw])
        .map((b) => b.trim())
        .filter(Boolean);
      if (brokers.length === 0)
        throw configError('KAFKA_BROKERS must be set when EVENT_TRANSPORT=kafka.');
      return { kind, brokers, clientId: env.KAFKA_CLIENT_ID || defaults.clientId || 'loadout' };
    }
    default:
      throw configError(`EVENT_TRANSPORT must be "postgres" or "kafka", not "${kind}".`);
  }
}

export function createEventTransport(config: EventTransportConfig): EventTransport {
  switch (config.kind) {
    case 'postgres':
      return new PostgresEventTransport(config);
    case 'kafka':
      return new KafkaEventTransport(config);
  }
}
