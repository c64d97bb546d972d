import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { EdgePropagator } from './sdk';
import {
  currentTraceparent,
  inConsumerSpan,
  isTraceparent,
  markTracingEnabled,
  traceLogFields,
} from './trace-context';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = () => trace.getTracer('test');
const PRODUCER = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

beforeAll(() => provider.register({ propagator: new W3CTraceContextPropagator() }));
afterAll(async () => {
  markTracingEnabled(false);
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});
beforeEach(() => exporter.reset());

describe('with tracing off (no SDK started)', () => {
  beforeAll(() => markTracingEnabled(false));

  it('records no traceparent, adds nothing to log lines, and runs consumer work as it is', async () => {
    await tracer().startActiveSpan('request', async (span) => {
      expect(currentTraceparent()).toBeUndefined();
      expect(traceLogFields()).toEqual({});
      await expect(
        inConsumerSpan({ name: 'x process', traceparent: PRODUCER }, async () => 7),
      ).resolves.toBe(7);
      span.end();
    });
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['request']);
  });
});

describe('with tracing on', () => {
  beforeAll(() => markTracingEnabled(true));

  it('gives the active span as a W3C traceparent and as log fields', () => {
    tracer().startActiveSpan('request', (span) => {
      const { traceId, spanId } = span.spanContext();
      expect(currentTraceparent()).toBe(`00-${traceId}-${spanId}-01`);
      expect(traceLogFields()).toEqual({ trace_id: traceId, span_id: spanId });
      span.end();
    });
    expect(currentTraceparent()).toBeUndefined();
    expect(traceLogFields()).toEqual({});
  });

  it("runs an event's work in a consumer span that continues the producer's trace", async () => {
    const seen = await inConsumerSpan(
      { name: 'orders.order.created.v1 process', traceparent: PRODUCER, attributes: { a: 'b' } },
      async () => {
        // Work inside (SQL, calls) is a child of the consumer span.
        tracer().startSpan('pg.query').end();
        return traceLogFields();
      },
    );
    const [child, consumer] = exporter.getFinishedSpans() as [ReadableSpan, ReadableSpan];
    expect(consumer.name).toBe('orders.order.created.v1 process');
    expect(consumer.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(consumer.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(consumer.kind).toBe(4); // SpanKind.CONSUMER in the API's numbering
    expect(consumer.attributes).toEqual({ a: 'b' });
    expect(child.parentSpanContext?.spanId).toBe(consumer.spanContext().spanId);
    expect(seen.trace_id).toBe('0af7651916cd43dd8448eb211c80319c');
  });

  it('starts a new trace for an event without (or with a malformed) traceparent', async () => {
    await inConsumerSpan({ name: 'old event process' }, async () => undefined);
    await inConsumerSpan({ name: 'bad process', traceparent: '00-zz-01' }, async () => undefined);
    const [old, bad] = exporter.getFinishedSpans() as [ReadableSpan, ReadableSpan];
    expect(old.parentSpanContext).toBeUndefined();
    expect(bad.parentSpanContext).toBeUndefined();
    expect(old.spanContext().traceId).not.toBe(bad.spanContext().traceId);
  });

  it('marks the span failed and rethrows when the work fails', async () => {
    await expect(
      inConsumerSpan({ name: 'failing process', traceparent: PRODUCER }, async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const [span] = exporter.getFinishedSpans() as [ReadableSpan];
    expect(span.status.code).toBe(2); // SpanStatusCode.ERROR
    expect(span.events[0]?.name).toBe('exception');
  });
});

describe('isTraceparent', () => {
  it('accepts the W3C form only', () => {
    expect(isTraceparent(PRODUCER)).toBe(true);
    expect(isTraceparent(PRODUCER.toUpperCase())).toBe(false);
    expect(isTraceparent('01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')).toBe(false);
    expect(isTraceparent(42)).toBe(false);
  });
});

describe('EdgePropagator (the gateway)', () => {
  const getter = {
    keys: (c: Record<string, string>) => Object.keys(c),
    get: (c: Record<string, string>, k: string) => c[k],
  };

  it("ignores a client's traceparent but writes ours on outgoing calls", () => {
    const edge = new EdgePropagator();
    const extracted = edge.extract(ROOT_CONTEXT, { traceparent: PRODUCER }, getter);
    expect(trace.getSpanContext(extracted)).toBeUndefined();
    const span = tracer().startSpan('gateway');
    const carrier: Record<string, string> = {};
    edge.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, {
      set: (c: Record<string, string>, k: string, v: string) => {
        c[k] = v;
      },
    });
    span.end();
    expect(carrier['traceparent']).toBe(
      `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`,
    );
    expect(edge.fields()).toContain('traceparent');
  });
});
