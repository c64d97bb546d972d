// Issue 27, "Tracing": one checkout is one trace. The stack starts as `npm start` starts it, with
// OTEL_EXPORTER_OTLP_ENDPOINT pointing at an OTLP/HTTP receiver this test runs; the buyer checks
// out a seeded listing through the gateway, and the spans of every process must share one trace
// id: gateway → orders → listings (the reserve call) → the outbox → the
// `orders.order.created.v1` consumer in another service (ADR 0040). The gateway is the edge: a
// `traceparent` sent by the client is not continued. With LOADOUT_EXPORT_TRACE=<file> the trace
// is written there (docs/traces/checkout-trace.json was made so).
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ListingDto, ListingSummaryDto, OrderView } from '@loadout/contracts';
import { jsonCall, startStack, type Stack } from '@loadout/testing';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '@loadout/tracing/testing';
import { DEMO, DEMO_PASSWORD, signIn } from './callers';

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;
/** A client's own trace id: the gateway must not continue it. */
const CLIENT_TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

let receiver: OtlpReceiver;
let stack: Stack;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  stack = await startStack({
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      // Spans leave every 200 ms instead of every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '200',
      // Request log lines (info) carry trace_id: checked below.
      LOG_LEVEL: 'info',
    },
    unsetEnv: ['REDIS_URL'],
  });
}, 420_000);

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
});

/** A seeded listing the buyer can collect (no address needed), not the buyer's own. */
async function collectableListing(token: string): Promise<ListingDto> {
  const page = await jsonCall<{ items: ListingSummaryDto[] }>(stack.url, '/api/v1/listings');
  expect({ status: page.status, body: page.status === 200 ? 'ok' : page.body }).toEqual({
    status: 200,
    body: 'ok',
  });
  for (const item of page.body.items) {
    const detail = await jsonCall<ListingDto>(stack.url, `/api/v1/listings/${item.id}`, { token });
    if (detail.body.status === 'active' && detail.body.shipping?.collection) return detail.body;
  }
  throw new Error('no active listing with collection among the seeded ones');
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const describeSpan = (s: ReceivedSpan) => `${s.service}: ${s.name} (kind ${s.kind})`;

describe('tracing across services (issue 27, ADR 0040)', () => {
  it('one checkout is one trace: gateway → orders → listings → outbox → the order-created consumer', async () => {
    const buyer = await signIn(stack.url, DEMO.buyer, DEMO_PASSWORD);
    const listing = await collectableListing(buyer);
    const checkout = await jsonCall<OrderView>(stack.url, '/api/v1/orders', {
      method: 'POST',
      token: buyer,
      json: { listingId: listing.id, delivery: 'collection', deliveryAddress: null },
      headers: {
        'idempotency-key': randomUUID(),
        traceparent: `00-${CLIENT_TRACE_ID}-00f067aa0ba902b7-01`,
      },
    });
    expect({
      status: checkout.status,
      body: checkout.status === 201 ? 'ok' : checkout.body,
    }).toEqual({
      status: 201,
      body: 'ok',
    });

    // The gateway's server span of this very request (its route is the orders API).
    const root = await waitFor('the gateway span of the checkout', () =>
      receiver.spans.find(
        (s) =>
          s.service === 'gateway' &&
          s.kind === SERVER &&
          String(s.attributes['http.target'] ?? s.attributes['url.path'] ?? '').startsWith(
            '/api/v1/orders',
          ) &&
          (s.attributes['http.method'] ?? s.attributes['http.request.method']) === 'POST',
      ),
    );
    const traceId = root.traceId;
    // The client's trace context was not continued: the gateway started this trace.
    expect(traceId).not.toBe(CLIENT_TRACE_ID);
    expect(root.parentSpanId).toBeUndefined();
    expect(receiver.spans.some((s) => s.traceId === CLIENT_TRACE_ID)).toBe(false);

    const inTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
    const consumer = await waitFor('the orders.order.created.v1 consumer span', () =>
      inTrace().find((s) => s.kind === CONSUMER && s.name === 'orders.order.created.v1 process'),
    );
    expect(['notifications', 'admin']).toContain(consumer.service);
    expect(consumer.attributes['messaging.message.id']).toEqual(expect.any(String));

    // Wait for the rest to be exported (each process sends every 200 ms), then check the tree.
    const spans = await waitFor('a connected trace', () => {
      const all = inTrace();
      const ids = new Set(all.map((s) => s.spanId));
      const services = new Set(all.map((s) => s.service));
      const connected = all.every((s) => !s.parentSpanId || ids.has(s.parentSpanId));
      const wanted = ['gateway', 'orders', 'listings', consumer.service];
      return connected && wanted.every((w) => services.has(w)) ? all : undefined;
    });
    const exportTo = process.env['LOADOUT_EXPORT_TRACE'];
    if (exportTo) {
      const file = path.resolve(exportTo);
      mkdirSync(path.dirname(file), { recursive: true });
      const sorted = [...spans].sort((a, b) =>
        BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1,
      );
      writeFileSync(file, `${JSON.stringify({ traceId, spans: sorted }, null, 2)}\n`);
    }
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const parentOf = (s: ReceivedSpan) => (s.parentSpanId ? byId.get(s.parentSpanId) : undefined);

    // orders' server span is a child of the gateway's call to it.
    const ordersServer = spans.find((s) => s.service === 'orders' && s.kind === SERVER);
    expect(ordersServer && parentOf(ordersServer)?.service).toBe('gateway');
    expect(ordersServer && parentOf(ordersServer)?.kind).toBe(CLIENT);
    // listings' reserve is a child of orders' call to it.
    const reserve = spans.find(
      (s) =>
        s.service === 'listings' &&
        s.kind === SERVER &&
        String(s.attributes['http.target'] ?? s.attributes['url.path'] ?? '').includes('reserve'),
    );
    expect(reserve && parentOf(reserve)?.service).toBe('orders');
    // orders' SQL is in the trace (the order and its outbox row are written there).
    expect(
      spans.some(
        (s) =>
          s.service === 'orders' &&
          (s.attributes['db.system.name'] ?? s.attributes['db.system']) === 'postgresql',
      ),
    ).toBe(true);
    // The consumer's span continues the trace recorded in the envelope by orders.
    expect(parentOf(consumer)?.service).toBe('orders');
    // Its handler's SQL is its child.
    expect(
      spans.some(
        (s) => s.service === consumer.service && s.parentSpanId !== undefined && s.kind === CLIENT,
      ),
    ).toBe(true);

    // Log lines written while the request's span was active carry its trace id.
    expect(stack.output()).toContain(`"trace_id":"${traceId}"`);

    if (spans.length < 8) throw new Error(`a thin trace:\n${spans.map(describeSpan).join('\n')}`);
  });
});
