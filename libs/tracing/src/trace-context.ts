import {
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
} from '@opentelemetry/api';

// What the rest of the code base uses: the OpenTelemetry API only (a few kB, no SDK). Until
// startTracing has registered the SDK every call here is a cheap no-op (ADR 0040).

let enabled = false;

/** Set by startTracing once the SDK is registered; tests may set it around an API-only SDK. */
export function markTracingEnabled(on: boolean): void {
  enabled = on;
}

export function tracingEnabled(): boolean {
  return enabled;
}

/** A W3C `traceparent`: version 00, 32 + 16 lowercase hex ids, flags. */
const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

export function isTraceparent(value: unknown): value is string {
  return typeof value === 'string' && TRACEPARENT.test(value);
}

/**
 * The active span as a W3C `traceparent` (what the outbox records in an event's envelope), or
 * undefined when tracing is off or no span is active.
 */
export function currentTraceparent(): string | undefined {
  if (!enabled) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return isTraceparent(carrier['traceparent']) ? carrier['traceparent'] : undefined;
}

/** `trace_id` and `span_id` of the active span, for log lines; empty when there is none. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  if (!enabled) return {};
  const span = trace.getActiveSpan();
  if (!span) return {};
  const ctx = span.spanContext();
  return isSpanContextValid(ctx) ? { trace_id: ctx.traceId, span_id: ctx.spanId } : {};
}

export interface ConsumerSpan {
  /** Span name, e.g. `orders.order.created.v1 process`. */
  name: string;
  /** The producer's context from the event envelope; a new trace when absent or malformed. */
  traceparent?: string | undefined;
  attributes?: Attributes;
}

/**
 * Runs `work` inside a CONSUMER span that continues the trace recorded in an event's envelope,
 * so the consumer's SQL and calls are children of the request that wrote the event.
 */
export async function inConsumerSpan<T>(span: ConsumerSpan, work: () => Promise<T>): Promise<T> {
  if (!enabled) return work();
  const parent = isTraceparent(span.traceparent)
    ? propagation.extract(ROOT_CONTEXT, { traceparent: span.traceparent })
    : ROOT_CONTEXT;
  const tracer = trace.getTracer('@loadout/events');
  return tracer.startActiveSpan(
    span.name,
    { kind: SpanKind.CONSUMER, attributes: span.attributes ?? {} },
    parent,
    async (active) => {
      try {
        return await work();
      } catch (err) {
        active.recordException(err instanceof Error ? err : String(err));
        active.setStatus({ code: SpanStatusCode.ERROR });
        throw err;
      } finally {
        active.end();
      }
    },
  );
}
