import { type EventEnvelope } from './envelope';
import { type FieldCreatedV1 } from './fields/field-created-v1';
import { type FieldDeletedV1 } from './fields/field-deleted-v1';
import { type FieldUpdatedV1 } from './fields/field-updated-v1';

/**
 * Every event of the system: topic → payload. A breaking payload change is a new
 * entry with the next major version, never an edit of an existing one.
 */
export interface EventPayloads {
  'fields.field.created.v1': FieldCreatedV1;
  'fields.field.updated.v1': FieldUpdatedV1;
  'fields.field.deleted.v1': FieldDeletedV1;
}

export type EventTopic = keyof EventPayloads;
export type EventPayload<T extends EventTopic> = EventPayloads[T];
/** The envelope of one known event, payload typed by its topic. */
export type EventOf<T extends EventTopic> = EventEnvelope<T, EventPayloads[T]>;
/** Any known event; narrowing on `type` narrows `payload`. */
export type AnyEvent = { [T in EventTopic]: EventOf<T> }[EventTopic];

// A Record over EventTopic makes the compiler refuse a topic missing from this list.
const topics: Record<EventTopic, true> = {
  'fields.field.created.v1': true,
  'fields.field.updated.v1': true,
  'fields.field.deleted.v1': true,
};

/** Every known topic, e.g. to create Kafka topics or validate a subscription. */
export const EVENT_TOPICS = Object.freeze(Object.keys(topics) as EventTopic[]);

export function isEventTopic(value: string): value is EventTopic {
  return Object.prototype.hasOwnProperty.call(topics, value);
}
