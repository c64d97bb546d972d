import { type SqlExecutor } from '@loadout/db';
import { type EventTransportConfig } from '../config/event-transport-config';
import { type TransactionRunner } from '../consumer/transaction-runner';
import {
  KafkaEventServer,
  PostgresEventServer,
  type EventConsumerServer,
  type EventConsumerServerOptions,
} from './event-consumer-server';

export type CreateEventServerOptions<TX extends SqlExecutor> = Omit<
  EventConsumerServerOptions<TX>,
  'transport'
> & {
  transport: EventTransportConfig;
  db: TransactionRunner<TX>;
};

/** The Nest microservice strategy for the configured transport (see main.ts in the README). */
export function createEventServer<TX extends SqlExecutor>(
  options: CreateEventServerOptions<TX>,
): EventConsumerServer<TX> {
  const { transport, ...rest } = options;
  switch (transport.kind) {
    case 'postgres':
      return new PostgresEventServer<TX>({ ...rest, postgres: transport });
    case 'kafka':
      return new KafkaEventServer<TX>({ ...rest, kafka: transport });
  }
}
