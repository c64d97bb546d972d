import { buildEnvelope } from '../envelope/build-envelope';
import { FakeKafka } from '../testing/fake-kafka';
import { fromKafkaMessage, KafkaEventTransport, toKafkaMessage } from './kafka-event-transport';

const silent = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };

const updated = (aggregateId: string, name: string) =>
  buildEnvelope({
    type: 'fields.field.updated.v1',
    aggregateId,
    payload: { fieldId: aggregateId, name, county: 'Cork' },
  });

describe('KafkaEventTransport with a fake kafkajs client', () => {
  it('sends each envelope to its type topic, keyed by aggregate id, with the event id in headers', async () => {
    const kafka = new FakeKafka();
    const transport = new KafkaEventTransport({ kafka, logger: silent });
    const a1 = updated('field-a', 'one');
    const deleted = buildEnvelope({
      type: 'fields.field.deleted.v1',
      aggregateId: 'field-b',
      payload: { fieldId: 'field-b' },
    });
    const a2 = updated('field-a', 'two');

    await transport.publish([a1, deleted, a2]);

    expect(kafka.batches).toHaveLength(1);
    const topics = kafka.batches[0]!.topicMessages!;
    expect(topics.map((t) => t.topic)).toEqual([
      'fields.field.updated.v1',
      'fields.field.deleted.v1',
    ]);
    const [first, second] = topics[0]!.messages;
    expect(first!.key).toBe('field-a');
    expect(first!.headers).toEqual({
      'event-id': a1.id,
      'event-type': 'fields.field.updated.v1',
      'correlation-id': a1.correlationId,
    });
    expect(JSON.parse(first!.value as string)).toEqual(a1);
    expect(JSON.parse(second!.value as string).id).toBe(a2.id);
    expect(topics[1]!.messages[0]!.key).toBe('field-b');
    await transport.close();
  });

  it('connects no producer for an empty batch', async () => {
    const kafka = new FakeKafka();
    const transport = new KafkaEventTransport({ kafka, logger: silent });
    await transport.publish([]);
    await transport.close();
    expect(kafka.batches).toHaveLength(0);
    expect(kafka.disconnected).toEqual([]);
  });

  it('joins the consumer group from the beginning and hands parsed envelopes to the handler', async () => {
    const kafka = new FakeKafka();
    const transport = new KafkaEventTransport({ kafka, logger: silent });
    const seen: string[] = [];
    await transport.subscribe('notifications', ['fields.field.updated.v1'], async (env) => {
      seen.push(env.id);
    });
    const env = updated('field-a', 'one');

    await kafka.deliver('fields.field.updated.v1', JSON.stringify(env));

    expect(kafka.consumerGroups).toEqual(['notifications']);
    expect(kafka.subscriptions).toEqual([
      { topics: ['fields.field.updated.v1'], fromBeginning: true },
    ]);
    expect(seen).toEqual([env.id]);
    await transport.close();
    expect(kafka.disconnected).toEqual(['consumer:notifications']);
  });

  it('rethrows a handler failure so kafkajs keeps the offset and redelivers', async () => {
    const kafka = new FakeKafka();
    const transport = new KafkaEventTransport({ kafka, logger: silent });
    await transport.subscribe('g', ['fields.field.updated.v1'], async () => {
      throw new Error('database down');
    });
    await expect(
      kafka.deliver('fields.field.updated.v1', JSON.stringify(updated('x', 'y'))),
    ).rejects.toThrow('database down');
    await transport.close();
  });

  it('skips and logs a message that is not an envelope instead of stalling the partition', async () => {
    const kafka = new FakeKafka();
    const logger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const transport = new KafkaEventTransport({ kafka, logger });
    const handler = jest.fn(async () => undefined);
    await transport.subscribe('g', ['fields.field.updated.v1'], handler);

    await kafka.deliver('fields.field.updated.v1', 'not json', '41');
    await kafka.deliver('fields.field.updated.v1', JSON.stringify({ hello: 'world' }), '42');

    expect(handler).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining('fields.field.updated.v1[0]@42'),
    );
    await transport.close();
  });

  it('creates missing topics once when asked to', async () => {
    const kafka = new FakeKafka();
    const transport = new KafkaEventTransport({
      kafka,
      ensureTopics: true,
      partitions: 6,
      logger: silent,
    });
    await transport.publish([updated('a', '1')]);
    await transport.publish([updated('a', '2')]);
    await transport.subscribe(
      'g',
      ['fields.field.updated.v1', 'fields.field.deleted.v1'],
      async () => undefined,
    );
    expect(kafka.createdTopics).toEqual(['fields.field.updated.v1', 'fields.field.deleted.v1']);
    await transport.close();
  });

  it('refuses work after close and a missing broker list at construction', async () => {
    const transport = new KafkaEventTransport({ kafka: new FakeKafka(), logger: silent });
    await transport.close();
    await expect(transport.publish([updated('a', '1')])).rejects.toMatchObject({
      code: 'EVENTS.TRANSPORT_CLOSED',
    });
    expect(() => new KafkaEventTransport({ brokers: [] })).toThrow(
      expect.objectContaining({ code: 'EVENTS.KAFKA_BROKERS_MISSING' }),
    );
  });
});

describe('Kafka message mapping', () => {
  it('round-trips an envelope and rejects values that are not envelopes', () => {
    const env = updated('field-a', 'one');
    const message = toKafkaMessage(env);
    expect(fromKafkaMessage({ value: Buffer.from(message.value as string) })).toEqual(env);
    expect(fromKafkaMessage({ value: null })).toBeNull();
    expect(fromKafkaMessage({ value: Buffer.from('{"id":1}') })).toBeNull();
  });
});
