import {
  type Admin,
  type Consumer,
  type ConsumerRunConfig,
  type EachMessagePayload,
  type Producer,
  type ProducerBatch,
  type ProducerConfig,
  type ProducerRecord,
} from 'kafkajs';
import { type KafkaClient } from '../transport/kafka-event-transport';

const CONSUMER_EVENTS = {
  GROUP_JOIN: 'consumer.group_join',
  CRASH: 'consumer.crash',
  REBALANCING: 'consumer.rebalancing',
  STOP: 'consumer.stop',
  END_BATCH_PROCESS: 'consumer.end_batch_process',
} as const;

type Listener = (event: { payload: Record<string, unknown> }) => void;

/**
 * In-memory stand-in for the kafkajs client, for unit tests of KafkaEventTransport.
 * It records what the adapter sends and lets a test feed messages to `eachMessage`, crash a
 * consumer and set committed offsets. Not exported from the library.
 */
export class FakeKafka implements KafkaClient {
  readonly batches: ProducerBatch[] = [];
  readonly sent: ProducerRecord[] = [];
  readonly producerConfigs: (ProducerConfig | undefined)[] = [];
  readonly consumerGroups: string[] = [];
  readonly subscriptions: { topics: (string | RegExp)[]; fromBeginning?: boolean }[] = [];
  readonly runConfigs: ConsumerRunConfig[] = [];
  readonly createdTopics: { topic: string; numPartitions?: number }[] = [];
  readonly disconnected: string[] = [];
  /** Committed offsets per group and topic (partition → offset); set by setOffsets. */
  readonly committed = new Map<string, Map<string, Map<number, string>>>();
  /** End offset of every partition of every topic (the fake has one partition per topic). */
  endOffset = '0';
  brokerDown = false;
  private readonly listeners: { group: string; name: string; fn: Listener }[] = [];

  producer(config?: ProducerConfig): Producer {
    this.producerConfigs.push(config);
    const fake: Partial<Producer> = {
      connect: async () => undefined,
      disconnect: async () => {
        this.disconnected.push('producer');
      },
      sendBatch: async (batch: ProducerBatch) => {
        this.batches.push(batch);
        return [];
      },
      send: async (record: ProducerRecord) => {
        this.sent.push(record);
        return [];
      },
    };
    return fake as Producer;
  }

  consumer({ groupId }: { groupId: string }): Consumer {
    this.consumerGroups.push(groupId);
    let topics: string[] = [];
    const fake = {
      events: CONSUMER_EVENTS,
      on: (name: string, fn: Listener) => {
        this.listeners.push({ group: groupId, name, fn });
        return () => undefined;
      },
      connect: async () => undefined,
      disconnect: async () => {
        this.disconnected.push(`consumer:${groupId}`);
      },
      subscribe: async (s: { topics: (string | RegExp)[]; fromBeginning?: boolean }) => {
        topics = s.topics.map(String);
        this.subscriptions.push(s);
      },
      run: async (config?: ConsumerRunConfig) => {
        if (config) this.runConfigs.push(config);
        this.emit(groupId, CONSUMER_EVENTS.GROUP_JOIN, {
          memberAssignment: Object.fromEntries(topics.map((t) => [t, [0]])),
        });
      },
    };
    return fake as unknown as Consumer;
  }

  admin(): Admin {
    const fake: Partial<Admin> = {
      connect: async () => {
        if (this.brokerDown) throw new Error('Connection error: connect ECONNREFUSED');
      },
      disconnect: async () => undefined,
      describeCluster: async () => ({
        brokers: [{ nodeId: 1, host: '127.0.0.1', port: 9092 }],
        controller: 1,
        clusterId: 'fake',
      }),
      listTopics: async () => this.createdTopics.map((t) => t.topic),
      createTopics: async ({ topics }) => {
        this.createdTopics.push(
          ...topics.map((t) => ({ topic: t.topic, numPartitions: t.numPartitions })),
        );
        return true;
      },
      fetchOffsets: (async ({ groupId, topics }: { groupId: string; topics: string[] }) =>
        topics.map((topic) => ({
          topic,
          partitions: [
            {
              partition: 0,
              offset: this.committed.get(groupId)?.get(topic)?.get(0) ?? '-1',
              metadata: null,
            },
          ],
        }))) as Admin['fetchOffsets'],
      fetchTopicOffsets: async () => [
        { partition: 0, offset: this.endOffset, high: this.endOffset, low: '0' },
      ],
      setOffsets: async ({ groupId, topic, partitions }) => {
        const byTopic = this.committed.get(groupId) ?? new Map<string, Map<number, string>>();
        byTopic.set(topic, new Map(partitions.map((p) => [p.partition, p.offset])));
        this.committed.set(groupId, byTopic);
      },
    };
    return fake as Admin;
  }

  /** Emits a kafkajs instrumentation event to the consumers of `group`. */
  emit(group: string, name: string, payload: Record<string, unknown>): void {
    for (const l of this.listeners) if (l.group === group && l.name === name) l.fn({ payload });
  }

  /** A consumer crash as kafkajs reports it; `restart: false` means kafkajs gave up on it. */
  crash(group: string, restart: boolean, error = new Error('The group is rebalancing')): void {
    this.emit(group, CONSUMER_EVENTS.CRASH, { error, groupId: group, restart });
  }

  /** Hands one message to the last consumer's `eachMessage`, as kafkajs would. */
  async deliver(topic: string, value: string | null, offset = '0'): Promise<void> {
    const config = this.runConfigs.at(-1);
    if (!config?.eachMessage) throw new Error('no consumer is running');
    const payload = {
      topic,
      partition: 0,
      message: {
        key: Buffer.from('key-1'),
        value: value === null ? null : Buffer.from(value),
        offset,
        headers: { 'event-type': topic },
        timestamp: '0',
        attributes: 0,
      },
      heartbeat: async () => undefined,
      pause: () => () => undefined,
    } as unknown as EachMessagePayload;
    await config.eachMessage(payload);
  }
}
