import { type EventEnvelope } from '@loadout/contracts';
import { type IHeaders, type KafkaMessage, type Message } from 'kafkajs';
import { isEventEnvelope } from '../envelope/build-envelope';

// How an envelope travels as a Kafka message, and what a dead letter carries (the codec of
// kafka-event-transport.ts, pure functions).

export const EVENT_ID_HEADER = 'event-id';
export const EVENT_TYPE_HEADER = 'event-type';
export const CORRELATION_ID_HEADER = 'correlation-id';
/** Suffix of the topic that receives a topic's unreadable messages. */
export const DEAD_LETTER_TOPIC_SUFFIX = '.dlq';

/** The parts of a kafkajs `Kafka` client the transport uses (a fake stands in for tests). */

/** One envelope as a Kafka message: key = aggregate id (partition = order), id in headers. */
export function toKafkaMessage(envelope: EventEnvelope): Message {
  return {
    key: envelope.aggregateId,
    value: JSON.stringify(envelope),
    headers: {
      [EVENT_ID_HEADER]: envelope.id,
      [EVENT_TYPE_HEADER]: envelope.type,
      [CORRELATION_ID_HEADER]: envelope.correlationId,
      // The W3C header too, for tools that read it off the message (the envelope carries it).
      ...(envelope.traceparent && { traceparent: envelope.traceparent }),
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

/** What goes to `<topic>.dlq` for an unreadable message: the bytes as they came, plus where from. */
export function toDeadLetterMessage(
  source: { topic: string; partition: number; group: string; reason: string },
  message: Pick<KafkaMessage, 'key' | 'value' | 'headers' | 'offset'>,
): Message {
  const headers: IHeaders = { ...(message.headers ?? {}) };
  headers['dlq-source-topic'] = source.topic;
  headers['dlq-source-partition'] = String(source.partition);
  headers['dlq-source-offset'] = message.offset;
  headers['dlq-consumer-group'] = source.group;
  headers['dlq-reason'] = source.reason;
  return { key: message.key, value: message.value, headers };
}
