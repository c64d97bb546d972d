import { type EventEnvelope } from '@loadout/contracts';
import { AppError } from '@loadout/errors';
import {
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type Message,
  type Producer,
} from 'kafkajs';
import { isEventEnvelope } from '../envelope/build-envelope';
import { defaultLogger, type EventsLogger } from '../internal/logger';
import { describeError } from '../internal/sql';
import { type EventHandler, type EventTransport, type SubscribeOptions } from './event-transport';

export const EVENT_ID_HEADER = 'event-id';
export const EVENT_TYPE_HEADER = 'event-type';
export const CORRELATION_ID_HEADER = 'correlation-id';

/** The parts of a kafkajs `Kafka` client the transport uses (a fake stands in for tests). */
export type KafkaClient = Pick<Kafka, 'producer' | 'consumer' | 'admin'>;

export interface KafkaEventTransportOptions {
  brokers?: string[];
  clientId?: string;
  /** A ready client instead of brokers/clientId. */
  kafka?: KafkaClient;
  /**
   * Create missing topics before use. Off by default: compose and Strimzi declare topics;
   * tests and ad-hoc brokers turn it on.
   */
  ensureTopics?: boolean;
  /** Partitions of topics created by `ensureTopics`; default 3. */
  partitions?: number;
  logger?: EventsLogger;
}

/** One envelope as a Kafka message: key = aggregate id (partition = order), id in headers. */
export function toKafkaMessage(envelope: EventEnvelope): Message {
  return {
    key: envelope.aggregateId,
    value: JSON.stringify(envelope),
    headers: {
      [EVENT_ID_HEADER]: envelope.id,
      [EVENT_TYPE_HEADER]: envelope.type,
      [CORRELATION_ID_HEADER]: envelope.correlationId,
    },
  };
}

/** The envelope in a message value, or null when the value is not one. */
export function fromKafkaMessage(message: { value: Buffer | null }): EventEnvelope | null {
  if (!message.value) return null;
  try {
    const parsed: unknown = JSON.parse(message.value.toString('utf8'));
    return isEventEnvelope(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Kafka adapter (compose and Kubernetes): one topic per event type, message key = aggregate
 * id, consumer groups as given. A rejected handler is rethrown to kafkajs, which retries
 * from the uncommitted offset, so the message is delivered again.
 */
export class KafkaEventTransport implements EventTransport {
  private readonly kafka: KafkaClient;
  private readonly logger: EventsLogger;
  private producer: Promise<Producer> | null = null;
  private readonly consumers = new Set<Consumer>();
  private readonly knownTopics = new Set<string>();
  private closing: Promise<void> | null = null;

  constructor(private readonly options: KafkaEventTransportOptions) {
    this.logger = options.logger ?? defaultLogger(KafkaEventTransport.name);
    if (options.kafka) {
      this.kafka = options.kafka;
    } else {
      if (!options.brokers?.length) {
        throw new AppError(
          'EVENTS.KAFKA_BROKERS_MISSING',
          'KAFKA_BROKERS must list at least one broker.',
          'internal',
        );
      }
      this.kafka = new Kafka({
        clientId: options.clientId ?? 'loadout',
        brokers: options.brokers,
        logLevel: logLevel.WARN,
      });
    }
  }

  async publish(envelopes: readonly EventEnvelope[]): Promise<void> {
    this.assertOpen();
    if (envelopes.length === 0) return;
    const byTopic = new Map<string, Message[]>();
    for (const envelope of envelopes) {
      const messages = byTopic.get(envelope.type) ?? [];
      messages.push(toKafkaMessage(envelope));
      byTopic.set(envelope.type, messages);
    }
    await this.ensureTopics([...byTopic.keys()]);
    const producer = await this.connectProducer();
    await producer.sendBatch({
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
  }

  async subscribe(
    group: string,
    topics: readonly string[],
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<void> {
    this.assertOpen();
    if (!group || topics.length === 0) {
      throw new AppError(
        'EVENTS.INVALID_SUBSCRIPTION',
        'A consumer group and at least one topic are required.',
        'internal',
      );
    }
    await this.ensureTopics(topics);
    const consumer = this.kafka.consumer({ groupId: group });
    this.consumers.add(consumer);
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics], fromBeginning: options.fromBeginning ?? true });
    await consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        const envelope = fromKafkaMessage(message);
        if (!envelope) {
          // Retrying cannot fix it and would stall the partition behind it.
          this.logger.error(
            `group "${group}": skipping malformed message at ${topic}[${partition}]@${message.offset}`,
          );
          return;
        }
        await handler(envelope);
      },
    });
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const results = await Promise.allSettled([
        ...[...this.consumers].map((c) => c.disconnect()),
        ...(this.producer ? [this.producer.then((p) => p.disconnect())] : []),
      ]);
      for (const r of results) {
        if (r.status === 'rejected')
          this.logger.warn(`kafka disconnect failed: ${describeError(r.reason)}`);
      }
      this.consumers.clear();
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing)
      throw new AppError(
        'EVENTS.TRANSPORT_CLOSED',
        'The event transport is closed.',
        'unavailable',
      );
  }

  private connectProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({ createPartitioner: Partitioners.DefaultPartitioner });
      await producer.connect();
      return producer;
    })().catch((err: unknown) => {
      this.producer = null;
      throw err;
    });
    return this.producer;
  }

  private async ensureTopics(topics: readonly string[]): Promise<void> {
    if (!this.options.ensureTopics) return;
    const missing = topics.filter((t) => !this.knownTopics.has(t));
    if (missing.length === 0) return;
    const admin: Admin = this.kafka.admin();
    await admin.connect();
    try {
      const existing = new Set(await admin.listTopics());
      const toCreate = missing.filter((t) => !existing.has(t));
      if (toCreate.length > 0) {
        await admin.createTopics({
          waitForLeaders: true,
          topics: toCreate.map((topic) => ({ topic, numPartitions: this.options.partitions ?? 3 })),
        });
      }
      for (const t of missing) this.knownTopics.add(t);
    } finally {
      await admin.disconnect();
    }
  }
}
