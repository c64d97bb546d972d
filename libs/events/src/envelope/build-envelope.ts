import { randomUUID } from 'node:crypto';
import {
  parseTopic,
  type EventEnvelope,
  type EventOf,
  type EventPayloads,
  type EventTopic,
} from '@loadout/contracts';
import { AppError } from '@loadout/errors';
import { currentTraceparent } from '@loadout/tracing';

/** What a use case hands to the outbox: the envelope fields it decides. */
export interface NewEvent<T extends EventTopic = EventTopic> {
  type: T;
  aggregateId: string;
  payload: EventPayloads[T];
}

/** Tracing fields, taken from the request (or the event) that caused this one. */
export interface EventMeta {
  /** Defaults to the new event's own id: it starts a new chain. */
  correlationId?: string;
  causationId?: string | null;
  actorId?: string | null;
}

export interface EnvelopeDeps {
  newId?: () => string;
  now?: () => Date;
  /** The active trace context; default: the active span's (none when tracing is off). */
  traceparent?: () => string | undefined;
}

export function buildEnvelope<T extends EventTopic>(
  event: NewEvent<T>,
  meta: EventMeta = {},
  deps: EnvelopeDeps = {},
): EventOf<T> {
  const parts = parseTopic(event.type);
  if (!parts) {
    throw new AppError(
      'EVENTS.INVALID_TOPIC',
      `"${event.type}" is not a topic name (<service>.<aggregate>.<event>.v<major>).`,
      'internal',
    );
  }
  if (!event.aggregateId) {
    throw new AppError(
      'EVENTS.MISSING_AGGREGATE_ID',
      `An ${event.type} event needs an aggregateId.`,
      'internal',
    );
  }
  const id = (deps.newId ?? randomUUID)();
  const traceparent = (deps.traceparent ?? currentTraceparent)();
  return {
    id,
    type: event.type,
    version: parts.version,
    aggregateId: event.aggregateId,
    occurredAt: (deps.now ?? (() => new Date()))().toISOString(),
    correlationId: meta.correlationId ?? id,
    causationId: meta.causationId ?? null,
    actorId: meta.actorId ?? null,
    // Only when a span is active: events written without tracing keep the older shape.
    ...(traceparent && { traceparent }),
    payload: event.payload,
  };
}

/** Meta for an event emitted while handling `cause`: same chain, caused by it. */
export function causedBy(cause: EventEnvelope, actorId: string | null = cause.actorId): EventMeta {
  return { correlationId: cause.correlationId, causationId: cause.id, actorId };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value read off a transport has the envelope shape. Transports skip (and log)
 * what fails this check: such a message can never succeed, and retrying it would block
 * every later message behind it. `traceparent` is not checked: a malformed one only means the
 * consumer starts a new trace (inConsumerSpan), never a lost event.
 */
export function isEventEnvelope(value: unknown): value is EventEnvelope {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['id'] === 'string' &&
    UUID.test(v['id']) &&
    typeof v['type'] === 'string' &&
    parseTopic(v['type']) !== null &&
    typeof v['version'] === 'number' &&
    typeof v['aggregateId'] === 'string' &&
    typeof v['occurredAt'] === 'string' &&
    typeof v['correlationId'] === 'string' &&
    (v['causationId'] === null || typeof v['causationId'] === 'string') &&
    (v['actorId'] === null || typeof v['actorId'] === 'string') &&
    'payload' in v
  );
}
