// One process of the Kafka scale test (test/kafka-scale.ts): an outbox relay or a consumer
// replica, configured by SCALE_WORKER (JSON). Prints "ready" once working; the test kills it
// with SIGKILL, so nothing here may rely on a clean shutdown.
import { Pool, type PoolClient } from 'pg';
import { IdempotentConsumer } from '../../src/consumer/idempotent-consumer';
import { pgTransactionRunner } from '../../src/consumer/transaction-runner';
import { OutboxRelay } from '../../src/outbox/outbox-relay';
import { KafkaEventTransport } from '../../src/transport/kafka-event-transport';

export interface ScaleWorkerConfig {
  role: 'relay' | 'consumer';
  name: string;
  databaseUrl: string;
  brokers: string[];
  producerSchema: string;
  consumerSchema: string;
  group: string;
  topic: string;
  aggregatePrefix: string;
}

const config = JSON.parse(process.env['SCALE_WORKER'] ?? '{}') as ScaleWorkerConfig;
const quiet = {
  log: () => undefined,
  warn: () => undefined,
  error: (m: string) => console.error(m),
};

async function main(): Promise<void> {
  const transport = new KafkaEventTransport({
    brokers: config.brokers,
    clientId: `scale-${config.name}`,
    ensureTopics: true,
    sessionTimeoutMs: 6000,
    logger: quiet,
  });
  if (config.role === 'relay') {
    const relay = new OutboxRelay({
      databaseUrl: config.databaseUrl,
      schema: config.producerSchema,
      transport,
      batchSize: 200,
      pollIntervalMs: 50,
      errorBackoffMs: 50,
      applicationName: `scale-${config.name}`,
      logger: quiet,
    });
    await relay.start();
  } else {
    const pool = new Pool({ connectionString: config.databaseUrl, max: 4 });
    const consumer = new IdempotentConsumer<PoolClient>({
      consumer: config.group,
      schema: config.consumerSchema,
      db: pgTransactionRunner(pool),
      logger: quiet,
    });
    const apply = consumer.handler(async (env, tx) => {
      await tx.query(
        `INSERT INTO "${config.consumerSchema}"."effects" (event_id, aggregate_id, n, worker)
         VALUES ($1, $2, $3, $4)`,
        [env.id, env.aggregateId, Number((env.payload as { name: string }).name), config.name],
      );
    });
    await transport.subscribe(config.group, [config.topic], (env) =>
      env.aggregateId.startsWith(config.aggregatePrefix) ? apply(env) : Promise.resolve(),
    );
  }
  console.log('ready');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
