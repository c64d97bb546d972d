import { isEventTopic, type EventEnvelope } from '@loadout/contracts';
import { type SqlExecutor } from '@loadout/db';
import { AppError } from '@loadout/errors';
import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import { IdempotentConsumer } from '../consumer/idempotent-consumer';
import { type TransactionRunner } from '../consumer/transaction-runner';
import { defaultLogger, type EventsLogger } from '../internal/logger';
import { type EventTransport } from '../transport/event-transport';
import {
  KafkaEventTransport,
  type KafkaEventTransportOptions,
} from '../transport/kafka-event-transport';
import {
  PostgresEventTransport,
  type PostgresEventTransportOptions,
} from '../transport/postgres-event-transport';
import { EventContext } from './event-context';

export interface EventConsumerServerOptions<TX extends SqlExecutor = SqlExecutor> {
  transport: EventTransport;
  /** Consumer group: usually the service name. Each group gets every event once. */
  group: string;
  /** The consuming service's schema, holding its `inbox` and `dead_letter` tables. */
  schema: string;
  /** Transactions on the consuming service's database. */
  db: TransactionRunner<TX>;
  /** Default 5. */
  maxAttempts?: number;
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Where a new group starts; default from the beginning (see SubscribeOptions). */
  fromBeginning?: boolean;
  /** `false`: no inbox and no transaction per event (see IdempotentConsumerOptions, ADR 0061). */
  inbox?: boolean;
  logger?: EventsLogger;
}

/**
 * A Nest microservice strategy on the EventTransport port. It subscribes the group to
 * every `@EventPattern` topic of the app and runs each handler inside the idempotent
 * consumer: one transaction holds the inbox row and the handler's writes (reach it
 * with `@Ctx() ctx: EventContext` → `ctx.getTransaction()`), failures are retried and
 * finally dead-lettered. Handlers therefore run unchanged on every transport.
 */
export class EventConsumerServer<TX extends SqlExecutor = SqlExecutor>
  extends Server
  implements CustomTransportStrategy
{
  protected readonly consumer: IdempotentConsumer<TX>;
  protected readonly log: EventsLogger;

  constructor(protected readonly options: EventConsumerServerOptions<TX>) {
    super();
    this.log = options.logger ?? defaultLogger(new.target.name);
    this.consumer = new IdempotentConsumer<TX>({
      consumer: options.group,
      schema: options.schema,
      db: options.db,
      maxAttempts: options.maxAttempts,
      retryDelayMs: options.retryDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs,
      inbox: options.inbox,
      logger: this.log,
    });
  }

  override async listen(
    callback: (err?: unknown, ...optionalParams: unknown[]) => void,
  ): Promise<void> {
    try {
      const topics = this.eventTopics();
      if (topics.length === 0) {
        this.log.warn(
          `group "${this.options.group}" has no @EventPattern handlers; nothing to consume`,
        );
      } else {
        await this.options.transport.subscribe(
          this.options.group,
          topics,
          this.consumer.handler((envelope, tx, attempt) => this.dispatch(envelope, tx, attempt)),
          { fromBeginning: this.options.fromBeginning },
        );
        this.log.log(`group "${this.options.group}" consuming ${topics.join(', ')}`);
      }
      callback();
    } catch (err) {
      callback(err);
    }
  }

  override async close(): Promise<void> {
    await this.options.transport.close();
  }

  override on(): never {
    throw new AppError('EVENTS.NOT_SUPPORTED', 'Event servers emit no status events.', 'internal');
  }

  override unwrap<T>(): T {
    return this.options.transport as T;
  }

  private eventTopics(): string[] {
    const topics: string[] = [];
    for (const [pattern, handler] of this.messageHandlers) {
      if (!handler.isEventHandler) {
        this.log.warn(`@MessagePattern("${pattern}") ignored: event transports carry events only`);
        continue;
      }
      // A misspelt topic would otherwise just never receive anything.
      if (!isEventTopic(pattern))
        this.log.warn(`@EventPattern("${pattern}") is not in EventPayloads`);
      topics.push(pattern);
    }
    return topics;
  }

  private async dispatch(envelope: EventEnvelope, tx: TX, attempt: number): Promise<void> {
    const handler = this.getHandlerByPattern(envelope.type);
    if (!handler) throw new Error(`no @EventPattern handler for ${envelope.type}`);
    const ctx = new EventContext<TX>([envelope, tx, attempt]);
    try {
      // Nest hands back a failed Observable rather than throwing; resolving it surfaces the error.
      const result: unknown = await handler(envelope, ctx);
      await lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
    } catch (err) {
      throw ctx.recordedFailure ? ctx.recordedFailure.error : err;
    }
  }
}

export interface PostgresEventServerOptions<TX extends SqlExecutor = SqlExecutor> extends Omit<
  EventConsumerServerOptions<TX>,
  'transport'
> {
  postgres: PostgresEventTransportOptions;
}

/** Consumers on the postgres transport (embedded mode). */
export class PostgresEventServer<
  TX extends SqlExecutor = SqlExecutor,
> extends EventConsumerServer<TX> {
  static readonly TRANSPORT = Symbol('loadout:postgres-events');

  constructor(options: PostgresEventServerOptions<TX>) {
    super({ ...options, transport: new PostgresEventTransport(options.postgres) });
    this.setTransportId(PostgresEventServer.TRANSPORT);
  }
}

export interface KafkaEventServerOptions<TX extends SqlExecutor = SqlExecutor> extends Omit<
  EventConsumerServerOptions<TX>,
  'transport'
> {
  kafka: KafkaEventTransportOptions;
}

/** Consumers on Kafka (compose, Kubernetes); same handlers, same inbox, same dead letters. */
export class KafkaEventServer<
  TX extends SqlExecutor = SqlExecutor,
> extends EventConsumerServer<TX> {
  static readonly TRANSPORT = Symbol('loadout:kafka-events');

  constructor(options: KafkaEventServerOptions<TX>) {
    super({ ...options, transport: new KafkaEventTransport(options.kafka) });
    this.setTransportId(KafkaEventServer.TRANSPORT);
  }
}
