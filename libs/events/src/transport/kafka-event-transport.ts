// Over 400 lines on purpose: one class whose parts (producer, consumers and their restarts,
// dead letters, topic creation, health) share the same state; its pure codec is kafka-messages.ts.
import { type EventEnvelope } from '@loadout/contracts';
import { AppError } from '@loadout/errors';
import {
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type KafkaMessage,
  type Message,
  type Producer,
} from 'kafkajs';
import { defaultLogger, type EventsLogger } from '../internal/logger';
import { describeError } from '../internal/sql';
import { kafkaLogCreator } from './kafka-log';
import { type EventHandler, type EventTransport, type SubscribeOptions } from './event-transport';
import {
  DEAD_LETTER_TOPIC_SUFFIX,
  fromKafkaMessage,
  toDeadLetterMessage,
  toKafkaMessage,
} from './kafka-messages';

export type KafkaClient = Pick<Kafka, 'producer' | 'consumer' | 'admin'>;

export interface KafkaEventTransportOptions {
  brokers?: string[];
  clientId?: string;
  /** A ready client instead of brokers/clientId. */
  kafka?: KafkaClient;
  /**
   * Create missing topics before use. Off by default: compose and Strimzi declare topics;
   * tests and ad-hoc brokers turn it on. Dead-letter topics are always created on demand.
   */
  ensureTopics?: boolean;
  /** Partitions of topics created by `ensureTopics`; default 3. */
  partitions?: number;
  /**
   * Partitions one consumer works on at once (order still holds within each partition, so
   * per aggregate). kafkajs defaults to 1; default here 3, the partitions of our topics.
   */
  partitionsConsumedConcurrently?: number;
  /**
   * Where a consumer group with no committed offset starts when `subscribe` is not told:
   * false (default) = the end of each topic, so a new group does not replay the seven days
   * Kafka retains; true = the oldest retained message.
   */
  newGroupsFromBeginning?: boolean;
  /** Wait before re-creating a consumer that crashed and that kafkajs will not restart. */
  restartDelayMs?: number;
  /**
   * How long the broker waits for a silent member before handing its partitions to the
   * others (kafkajs default 30 000). Lower it where replicas are expected to die.
   */
  sessionTimeoutMs?: number;
  /** How long `subscribe` waits for the first group join before it resolves anyway. */
  joinTimeoutMs?: number;
  logger?: EventsLogger;
}

type SubscriptionState = 'joining' | 'running' | 'restarting' | 'stopped';

interface Subscription {
  group: string;
  topics: readonly string[];
  handler: EventHandler;
  consumer: Consumer | null;
  state: SubscriptionState;
  lastError?: string;
  restartTimer?: NodeJS.Timeout;
  /** Messages behind the partition's high watermark after the last batch, by "topic/partition". */
  lag: Map<string, number>;
}

/** A consumer group of this process as the metrics see it (no broker round trip). */
export interface KafkaGroupStatus {
  group: string;
  state: SubscriptionState;
  lag: { topic: string; partition: number; messages: number }[];
}

/**
 * Kafka adapter (compose, Kubernetes and `npm run start:cluster`): one topic per event type,
 * message key = aggregate id, consumer groups as given.
 *
 * - The producer is idempotent (one request in flight), so a retried send never duplicates
 *   or reorders a partition's messages.
 * - A rejected handler is rethrown to kafkajs, which retries from the uncommitted offset.
 * - A message that is not an envelope goes to `<topic>.dlq` with its origin in headers, and
 *   the partition moves on (retrying cannot fix it).
 * - A consumer that crashes and that kafkajs does not restart itself is re-created.
 * - `health()` fails while the broker is unreachable or a group is not joined (tests, tools);
 *   `status()` feeds /metrics. Readiness never asks Kafka: the outbox buffers (issue 27).
 */
export class KafkaEventTransport implements EventTransport {
  private readonly kafka: KafkaClient;
  private readonly logger: EventsLogger;
  private producer: Promise<Producer> | null = null;
  private readonly subscriptions = new Map<string, Subscription>();
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
        // Through the service's logger, with retried broker answers as warnings (kafka-log.ts).
        logCreator: kafkaLogCreator(this.logger),
      });
    }
    liveTransports.add(this);
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
    if (this.subscriptions.has(group)) {
      throw new AppError(
        'EVENTS.INVALID_SUBSCRIPTION',
        `Consumer group "${group}" is already subscribed on this transport.`,
        'internal',
      );
    }
    await this.ensureTopics(topics);
    const fromBeginning = options.fromBeginning ?? this.options.newGroupsFromBeginning ?? false;
    // Pin "the end" now, so everything published after subscribe() resolves is delivered
    // even though the group joins (and kafkajs resolves offsets) a moment later.
    if (!fromBeginning) await this.startNewGroupAtEnd(group, topics);
    const subscription: Subscription = {
      group,
      topics,
      handler,
      consumer: null,
      state: 'joining',
      lag: new Map(),
    };
    this.subscriptions.set(group, subscription);
    const { joined } = await this.startConsumer(subscription, fromBeginning);
    const timeoutMs = this.options.joinTimeoutMs ?? 30_000;
    const timedOut = await Promise.race([
      joined.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), timeoutMs).unref()),
    ]);
    if (timedOut)
      this.logger.warn(
        `group "${group}" has not joined within ${timeoutMs} ms; consuming once it does`,
      );
  }

  /**
   * Throws when the broker does not answer or a subscribed group is not consuming;
   * `/health/ready` reports it.
   */
  async health(): Promise<void> {
    this.assertOpen();
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      const cluster = await admin.describeCluster();
      if (cluster.brokers.length === 0) throw new Error('the cluster lists no broker');
    } finally {
      await admin.disconnect();
    }
    for (const s of this.subscriptions.values()) {
      if (s.state !== 'running')
        throw new Error(`group "${s.group}" is ${s.state}${s.lastError ? `: ${s.lastError}` : ''}`);
    }
  }

  /** The groups' state and lag from the consumers' own events: for /metrics, never a probe. */
  status(): KafkaGroupStatus[] {
    return [...this.subscriptions.values()].map((s) => ({
      group: s.group,
      state: s.state,
      lag: [...s.lag].map(([key, messages]) => {
        const cut = key.lastIndexOf('/');
        return { topic: key.slice(0, cut), partition: Number(key.slice(cut + 1)), messages };
      }),
    }));
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      liveTransports.delete(this);
      const subscriptions = [...this.subscriptions.values()];
      for (const s of subscriptions) {
        s.state = 'stopped';
        clearTimeout(s.restartTimer);
      }
      const results = await Promise.allSettled([
        ...subscriptions.flatMap((s) => (s.consumer ? [s.consumer.disconnect()] : [])),
        ...(this.producer ? [this.producer.then((p) => p.disconnect())] : []),
      ]);
      for (const r of results) {
        if (r.status === 'rejected')
          this.logger.warn(`kafka disconnect failed: ${describeError(r.reason)}`);
      }
      this.subscriptions.clear();
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

  /** Creates and runs the group's consumer; `joined` resolves on its first group join. */
  private async startConsumer(
    s: Subscription,
    fromBeginning: boolean,
  ): Promise<{ joined: Promise<void> }> {
    // A 1 s long poll (kafkajs waits 5 s): stopping or rebalancing waits for the fetch in flight.
    const sessionTimeout = this.options.sessionTimeoutMs;
    const consumer = this.kafka.consumer({
      groupId: s.group,
      maxWaitTimeInMs: 1000,
      ...(sessionTimeout && {
        sessionTimeout,
        heartbeatInterval: Math.min(3000, Math.floor(sessionTimeout / 3)),
      }),
    });
    s.consumer = consumer;
    let markJoined: () => void = () => undefined;
    const joined = new Promise<void>((resolve) => (markJoined = resolve));
    const { GROUP_JOIN, CRASH, REBALANCING, STOP, END_BATCH_PROCESS } = consumer.events;
    consumer.on(END_BATCH_PROCESS, (event) => {
      const { topic, partition, offsetLag } = event.payload;
      s.lag.set(`${topic}/${partition}`, Number(offsetLag));
    });
    consumer.on(GROUP_JOIN, (event) => {
      s.state = 'running';
      s.lastError = undefined;
      const assigned = Object.entries(event.payload.memberAssignment)
        .map(([topic, partitions]) => `${topic}[${partitions.join(',')}]`)
        .join(' ');
      this.logger.log(`group "${s.group}" joined (${assigned || 'no partitions'})`);
      markJoined();
    });
    consumer.on(REBALANCING, () => {
      if (s.state === 'running') s.state = 'joining';
      this.logger.log(`group "${s.group}" rebalancing`);
    });
    consumer.on(STOP, () => {
      if (s.state === 'running') s.state = 'joining';
    });
    consumer.on(CRASH, (event) => {
      const { error, restart } = event.payload;
      s.lastError = describeError(error);
      if (restart) {
        // kafkajs re-joins by itself after a retriable failure.
        s.state = 'joining';
        this.logger.warn(
          `group "${s.group}" consumer crashed, kafkajs restarts it: ${s.lastError}`,
        );
      } else {
        this.logger.error(`group "${s.group}" consumer crashed for good: ${s.lastError}`);
        this.scheduleRestart(s, fromBeginning);
      }
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...s.topics], fromBeginning });
    await consumer.run({
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 3,
      eachMessage: async ({ topic, partition, message }) => {
        const envelope = fromKafkaMessage(message);
        if (!envelope) {
          await this.deadLetter({ topic, partition, group: s.group }, message);
          return;
        }
        await s.handler(envelope);
      },
    });
    return { joined };
  }

  private scheduleRestart(s: Subscription, fromBeginning: boolean): void {
    if (s.state === 'stopped' || this.closing) return;
    s.state = 'restarting';
    clearTimeout(s.restartTimer);
    s.restartTimer = setTimeout(() => {
      const restart = async () => {
        if (s.state === 'stopped' || this.closing) return;
        await s.consumer?.disconnect().catch(() => undefined);
        try {
          await this.startConsumer(s, fromBeginning);
          this.logger.log(`group "${s.group}" consumer re-created`);
        } catch (err) {
          s.lastError = describeError(err);
          this.logger.error(`group "${s.group}" could not restart: ${s.lastError}`);
          this.scheduleRestart(s, fromBeginning);
        }
      };
      // restart() catches what it awaits; this catch is for a throw nobody foresaw.
      restart().catch((err: unknown) =>
        this.logger.error(`group "${s.group}" restart failed: ${describeError(err)}`),
      );
    }, this.options.restartDelayMs ?? 5000);
    s.restartTimer.unref();
  }

  /** Retrying cannot fix an unreadable message and would stall the partition behind it. */
  private async deadLetter(
    source: { topic: string; partition: number; group: string },
    message: KafkaMessage,
  ): Promise<void> {
    const reason = message.value ? 'not an event envelope' : 'empty message';
    const dlq = `${source.topic}${DEAD_LETTER_TOPIC_SUFFIX}`;
    // Rethrowing (below) keeps the offset: the message is retried rather than lost.
    await this.ensureTopicsNow([dlq], 1);
    const producer = await this.connectProducer();
    await producer.send({
      topic: dlq,
      messages: [toDeadLetterMessage({ ...source, reason }, message)],
    });
    this.logger.error(
      `group "${source.group}": ${reason} at ${source.topic}[${source.partition}]@${message.offset} moved to ${dlq}`,
    );
  }

  /** A group that has never committed an offset on these topics starts at their current end. */
  private async startNewGroupAtEnd(group: string, topics: readonly string[]): Promise<void> {
    const admin: Admin = this.kafka.admin();
    await admin.connect();
    try {
      const committed = await admin.fetchOffsets({ groupId: group, topics: [...topics] });
      const isNew = committed.every((t) => t.partitions.every((p) => Number(p.offset) < 0));
      if (!isNew) return;
      for (const topic of topics) {
        const ends = await admin.fetchTopicOffsets(topic);
        await admin.setOffsets({
          groupId: group,
          topic,
          partitions: ends.map((p) => ({ partition: p.partition, offset: p.high })),
        });
      }
    } catch (err) {
      // Another member of the group joined first (the group is no longer empty): it has
      // already fixed where the group starts.
      this.logger.warn(`group "${group}": start offsets left to the group (${describeError(err)})`);
    } finally {
      await admin.disconnect();
    }
  }

  private connectProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        createPartitioner: Partitioners.DefaultPartitioner,
        // No duplicates or reordering when a send is retried; kafkajs supports one in flight.
        idempotent: true,
        maxInFlightRequests: 1,
      });
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
    await this.ensureTopicsNow(topics, this.options.partitions ?? 3);
  }

  private async ensureTopicsNow(topics: readonly string[], partitions: number): Promise<void> {
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
          topics: toCreate.map((topic) => ({ topic, numPartitions: partitions })),
        });
      }
      for (const t of missing) this.knownTopics.add(t);
    } finally {
      await admin.disconnect();
    }
  }
}

/** Every open Kafka transport of this process (relay and consumers), for metrics and tools. */
const liveTransports = new Set<KafkaEventTransport>();

/** Resolves when every open Kafka transport of the process is healthy (none: nothing to check). */
export async function checkKafkaTransports(): Promise<void> {
  await Promise.all([...liveTransports].map((t) => t.health()));
}

/** Every consumer group of the process's open Kafka transports (metrics). */
export function kafkaGroupsStatus(): KafkaGroupStatus[] {
  return [...liveTransports].flatMap((t) => t.status());
}
