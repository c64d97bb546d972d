import { buildEnvelope, KafkaEventTransport } from '../src/index';
import { FakeKafka } from '../src/testing/fake-kafka';
import { fieldCreated } from './factories/field-event.factory';
import { describeKafkaScale } from './kafka-scale';
import { recordingLogger } from './support/test-logger';
import { describeTransportContract } from './transport.contract';

const brokers = process.env['KAFKA_BROKERS'];

if (brokers) {
  describeTransportContract({
    name: 'kafka',
    // Joining a consumer group and rebalancing take seconds on a real broker.
    deliveryTimeoutMs: 30_000,
    createTransport: () =>
      new KafkaEventTransport({
        brokers: brokers.split(',').map((b) => b.trim()),
        clientId: 'loadout-events-contract',
        ensureTopics: true,
        logger: recordingLogger(),
      }),
  });
  describeKafkaScale(brokers.split(',').map((b) => b.trim()));
} else {
  console.log('skipped: KAFKA_BROKERS not set (Kafka contract suite and Kafka scale test)');

  describe('KafkaEventTransport without a broker (fake kafkajs producer)', () => {
    it('keys each message by aggregate id and carries the event id in its headers', async () => {
      const kafka = new FakeKafka();
      const transport = new KafkaEventTransport({ kafka, logger: recordingLogger() });
      const event = buildEnvelope(fieldCreated());

      await transport.publish([event]);
      await transport.close();

      const [batch] = kafka.batches;
      expect(batch!.topicMessages).toEqual([
        {
          topic: 'fields.field.created.v1',
          messages: [
            {
              key: event.aggregateId,
              value: JSON.stringify(event),
              headers: {
                'event-id': event.id,
                'event-type': event.type,
                'correlation-id': event.correlationId,
              },
            },
          ],
        },
      ]);
      expect(kafka.disconnected).toEqual(['producer']);
    });
  });
}
