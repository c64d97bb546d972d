// ADR 0040: an event's consumer continues the trace its producer recorded in the envelope. Here
// on the API with an in-memory exporter (the cross-process proof is the checkout-trace suite).
import { context, propagation, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { type SqlExecutor } from '@loadout/db';
import { markTracingEnabled } from '@loadout/tracing';
import { buildEnvelope } from '../envelope/build-envelope';
import { IdempotentConsumer } from './idempotent-consumer';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

beforeAll(() => {
  provider.register({ propagator: new W3CTraceContextPropagator() });
  markTracingEnabled(true);
});
afterAll(async () => {
  markTracingEnabled(false);
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

/** A transaction whose inbox insert always claims the event (a first delivery). */
const tx: SqlExecutor = { query: async () => [{ event_id: 'x' }] } as unknown as SqlExecutor;
const consumer = new IdempotentConsumer({
  consumer: 'notifications',
  schema: 'notifications',
  db: { transaction: (work) => work(tx) },
  logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
});

const event = { type: 'orders.order.created.v1' as const, aggregateId: 'order-1', payload: {} };

describe('IdempotentConsumer and traces', () => {
  it("records the producer's span in the envelope, and the handler runs in a consumer span under it", async () => {
    const producer = trace.getTracer('test').startSpan('POST /api/v1/orders');
    const envelope = context.with(trace.setSpan(context.active(), producer), () =>
      buildEnvelope(event as never),
    );
    producer.end();
    expect(envelope.traceparent).toBe(
      `00-${producer.spanContext().traceId}-${producer.spanContext().spanId}-01`,
    );

    let activeInHandler: string | undefined;
    await expect(
      consumer.process(envelope, async () => {
        activeInHandler = trace.getActiveSpan()?.spanContext().spanId;
      }),
    ).resolves.toBe('processed');

    const span = exporter.getFinishedSpans().find((s) => s.name.endsWith(' process'))!;
    expect(span.name).toBe('orders.order.created.v1 process');
    expect(span.spanContext().traceId).toBe(producer.spanContext().traceId);
    expect(span.parentSpanContext?.spanId).toBe(producer.spanContext().spanId);
    expect(span.attributes).toMatchObject({
      'messaging.destination.name': 'orders.order.created.v1',
      'messaging.consumer.group.name': 'notifications',
      'messaging.message.id': envelope.id,
    });
    expect(activeInHandler).toBe(span.spanContext().spanId);
  });
});
