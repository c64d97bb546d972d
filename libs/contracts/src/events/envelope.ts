/**
 * What travels on every transport. `type` is the full topic name (`fields.field.created.v1`),
 * `version` its major number, so a consumer can route on `type` alone.
 */
export interface EventEnvelope<T extends string = string, P = unknown> {
  /** UUID of this event; consumers deduplicate on it. */
  id: string;
  type: T;
  version: number;
  /** Message key: events of one aggregate keep their order. */
  aggregateId: string;
  /** ISO 8601 instant the event was recorded. */
  occurredAt: string;
  /** Shared by every event of one user action (the request id, or the first event's id). */
  correlationId: string;
  /** Id of the event or request that directly caused this one; null when none did. */
  causationId: string | null;
  /** User who caused the event; null for system work. */
  actorId: string | null;
  /**
   * W3C trace context (`00-<trace id>-<span id>-<flags>`) of the request or event that wrote
   * this one, when tracing was on: the consumer continues that trace (ADR 0040). Optional:
   * events written without tracing, and every older event, have none.
   */
  traceparent?: string;
  payload: P;
}
