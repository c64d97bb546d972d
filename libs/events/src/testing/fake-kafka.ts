import {
  type Admin,
  type Consumer,
  type ConsumerRunConfig,
  type EachMessagePayload,
  type Producer,
  type ProducerBatch,
} from 'kafkajs';
import { type KafkaClient } from '../transport/kafka-event-transport';

/**
 * In-memory stand-in for the kafkajs client, for unit tests of KafkaEventTransport.
 * It records what the adapter sends and lets a test feed messages to `eachMessage`.
 * Not exported from the library.
 */
export class FakeKafka implements KafkaClient {
  readonly batches: ProducerBatch[] = [];
  readonly consumerGroups: string[] = [];
  readonly subscriptions: { topics: (string | RegExp)[]; fromBeginning?: boolean }[] = [];
  readonly createdTopics: string[] = [];
  readonly disconnected: string[] = [];
  private runConfigs: ConsumerRunConfig[] = [];

  producer(): Producer {
    const fake: Partial<Producer> = {
      connect: async () => undefined,
      disconnect: async () => {
        this.disconnected.push('producer');
      },
      sendBatch: async (batch: ProducerBatch) => {
        this.batches.push(batch);
        return [];
      },
    };
    return fake as Producer;
  }

  consumer({ groupId }: { groupId: string }): Consumer {
    this.consumerGroups.push(groupId);
    const fake: Partial<Consumer> = {
      connect: async () => undefined,
      disconnect: async () => {
        this.disconnected.push(`consumer:${groupId}`);
      },
      subscribe: async (s) => {
        this.subscriptions.push(s as { topics: (string | RegExp)[]; fromBeginning?: boolean });
      },
      run: async (config?: ConsumerRunConfig) => {
        if (config) this.runConfigs.push(config);
      },
    };
    return fake as Consumer;
  }

  admin(): Admin {
    const fake: Partial<Admin> = {
      connect: async () => undefined,
      disconnect: async () => undefined,
      listTopics: async () => [...this.createdTopics],
      createTopics: async ({ topics }) => {
        this.createdTopics.push(...topics.map((t) => t.topic));
        return true;
      },
    };
    return fake as Admin;
  }

  /** Hands one message to the last consumer's `eachMessage`, as kafkajs would. */
  async deliver(topic: string, value: string | null, offset = '0'): Promise<void> {
    const config = this.runConfigs.at(-1);
    if (!config?.eachMessage) throw new Error('no consumer is running');
    const payload = {
      topic,
      partition: 0,
      message: {
        key: null,
        value: value === null ? null : Buffer.from(value),
        offset,
        headers: {},
        timestamp: '0',
        attributes: 0,
      },
      heartbeat: async () => undefined,
      pause: () => () => undefined,
    } as unknown as EachMessagePayload;
    await config.eachMessage(payload);
  }
}
