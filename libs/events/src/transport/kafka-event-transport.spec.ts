import { buildEnvelope } from '../envelope/build-envelope';
import { FakeKafka } from '../testing/fake-kafka';
import {
  checkKafkaTransports,
  KafkaEventTransport,
  kafkaGroupsStatus,
} from './kafka-event-transport';
import { fromKafkaMessage, toKafkaMessage } from './kafka-messages';

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

  it('joins the consumer group and hands parsed envelopes to the handler', async () => {
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
      { topics: ['fields.field.updated.v1'], fromBeginning: false },
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

  it('moves a message that is not an envelope to <topic>.dlq and carries on', async () => {
    const kafka = new FakeKafka();
    const logger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const transport = new KafkaEventTransport({ kafka, logger });
    const handler = jest.fn(async () => undefined);
    await transport.subscribe('g', ['fields.field.updated.v1'], handler);

    await kafka.deliver('fields.field.updated.v1', 'not json', '41');
    await kafka.deliver('fields.field.updated.v1', JSON.stringify({ hello: 'world' }), '42');

    expect(handler).not.toHaveBeenCalled();
    expect(kafka.createdTopics).toEqual([
      { topic: 'fields.field.updated.v1.dlq', numPartitions: 1 },
    ]);
    expect(kafka.sent).toHaveLength(2);
    const [first] = kafka.sent;
    expect(first!.topic).toBe('fields.field.updated.v1.dlq');
    expect(first!.messages[0]).toEqual({
      key: Buffer.from('key-1'),
      value: Buffer.from('not json'),
      headers: {
        'event-type': 'fields.field.updated.v1',
        'dlq-source-topic': 'fields.field.updated.v1',
        'dlq-source-partition': '0',
        'dlq-source-offset': '41',
        'dlq-consumer-group': 'g',
        'dlq-reason': 'not an event envelope',
      },
    });
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining('fields.field.updated.v1[0]@42 moved to fields.field.updated.v1.dlq'),
    );
    await transport.close();
  });

  it('keeps the offset (rethrows) when the dead-letter topic cannot be written', async () => {
    const kafka = new FakeKafka();
    const transport = new KafkaEventTransport({ kafka, logger: silent });
    await transport.subscribe('g', ['fields.field.updated.v1'], async () => undefined);
    kafka.brokerDown = true;
    await expect(kafka.deliver('fields.field.updated.v1', 'not json')).rejects.toThrow(
      'ECONNREFUSED',
    );
    await transport.close();
  });

  it('uses an idempotent producer with one request in flight', async () => {
    const kafka = new FakeKafka();
    const transport = new KafkaEventTransport({ kafka, logger: silent });
    await transport.publish([updated('a', '1')]);
    expect(kafka.producerConfigs).toEqual([
      expect.objectContaining({ idempotent: true, maxInFlightRequests: 1 }),
    ]);
    await transport.close();
  });

  it('consumes several partitions at once (3 unless configured)', async () => {
    const kafka = new FakeKafka();
    const transport = new KafkaEventTransport({ kafka, logger: silent });
    await transport.subscribe('g', ['fields.field.updated.v1'], async () => undefined);
    const tuned = new KafkaEventTransport({
      kafka,
      logger: silent,
      partitionsConsumedConcurrently: 6,
    });
    await tuned.subscribe('h', ['fields.field.updated.v1'], async () => undefined);
    expect(kafka.runConfigs.map((c) => c.partitionsConsumedConcurrently)).toEqual([3, 6]);
    await transport.close();
    await tuned.close();
  });

  it('starts a new group at the end of its topics, and leaves an existing group where it was', async () => {
    const kafka = new FakeKafka();
    kafka.endOffset = '120';
    const transport = new KafkaEventTransport({ kafka, logger: silent });
    await transport.subscribe('new-group', ['fields.field.updated.v1'], async () => undefined);
    expect(kafka.committed.get('new-group')?.get('fields.field.updated.v1')?.get(0)).toBe('120');

    kafka.committed.set('old-group', new Map([['fields.field.updated.v1', new Map([[0, '7']])]]));
    const again = new KafkaEventTransport({ kafka, logger: silent });
    await again.subscribe('old-group', ['fields.field.updated.v1'], async () => undefined);
    expect(kafka.committed.get('old-group')?.get('fields.field.updated.v1')?.get(0)).toBe('7');

    // Asked for history: no offsets pinned, kafkajs reads from the oldest message.
    const history = new KafkaEventTransport({
      kafka,
      logger: silent,
      newGroupsFromBeginning: true,
    });
    await history.subscribe('replay', ['fields.field.updated.v1'], async () => undefined);
    expect(kafka.committed.has('replay')).toBe(false);
    expect(kafka.subscriptions.at(-1)).toEqual({
      topics: ['fields.field.updated.v1'],
      fromBeginning: true,
    });
    await Promise.all([transport.close(), again.close(), history.close()]);
  });

  it('re-creates a consumer that crashed for good, and is not ready meanwhile', async () => {
    const kafka = new FakeKafka();
    const logger = { log: jest.fn(), warn: jest.fn(), error: jest.fn() };
    const transport = new KafkaEventTransport({ kafka, logger, restartDelayMs: 10 });
    await transport.subscribe('g', ['fields.field.updated.v1'], async () => undefined);
    await expect(transport.health()).resolves.toBeUndefined();

    // Retriable: kafkajs restarts it; we only wait for the next join.
    kafka.crash('g', true);
    await expect(transport.health()).rejects.toThrow('group "g" is joining');
    kafka.emit('g', 'consumer.group_join', { memberAssignment: {} });
    await expect(transport.health()).resolves.toBeUndefined();
    expect(kafka.consumerGroups).toEqual(['g']);

    kafka.crash('g', false, new Error('coordinator not available'));
    await expect(transport.health()).rejects.toThrow(
      'group "g" is restarting: coordinator not available',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(kafka.consumerGroups).toEqual(['g', 'g']);
    expect(kafka.disconnected).toEqual(['consumer:g']);
    await expect(transport.health()).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith(
      'group "g" consumer crashed for good: coordinator not available',
    );
    await transport.close();
  });

  it("reports state and lag for /metrics from the consumers' own events, without asking the broker", async () => {
    const kafka = new FakeKafka();
    const transport = new KafkaEventTransport({ kafka, logger: silent });
    await transport.subscribe('g', ['fields.field.updated.v1'], async () => undefined);
    kafka.emit('g', 'consumer.end_batch_process', {
      topic: 'fields.field.updated.v1',
      partition: 2,
      offsetLag: '41',
    });
    kafka.brokerDown = true;
    expect(kafkaGroupsStatus()).toEqual([
      {
        group: 'g',
        state: 'running',
        lag: [{ topic: 'fields.field.updated.v1', partition: 2, messages: 41 }],
      },
    ]);
    kafka.crash('g', true);
    expect(kafkaGroupsStatus()[0]?.state).toBe('joining');
    await transport.close();
    expect(kafkaGroupsStatus()).toEqual([]);
  });

  it('reports the broker down through health() and checkKafkaTransports()', async () => {
    const kafka = new FakeKafka();
    const transport = new KafkaEventTransport({ kafka, logger: silent });
    await expect(checkKafkaTransports()).resolves.toBeUndefined();
    kafka.brokerDown = true;
    await expect(checkKafkaTransports()).rejects.toThrow('ECONNREFUSED');
    await transport.close();
    // A closed transport is no longer checked.
    await expect(checkKafkaTransports()).resolves.toBeUndefined();
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
    expect(kafka.createdTopics.map((t) => t.topic)).toEqual([
      'fields.field.updated.v1',
      'fields.field.deleted.v1',
    ]);
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
