import Stripe from 'stripe';
import { type PaymentEvent, type PaymentEventSink } from '../../payments/payment-provider.port';
import { SimulatedPaymentProvider } from '../../payments/simulated/simulated-payment.provider';
import { StripePaymentProvider } from '../../payments/stripe/stripe-payment.provider';
import { type OrdersWorker } from '../run-deadlines/orders-worker';
import { ReceiveStripeWebhookHandler } from './receive-stripe-webhook.handler';

/** In-memory sink (unit test of code using the port): remembers event ids like the inbox. */
class MemorySink implements PaymentEventSink {
  readonly events: PaymentEvent[] = [];
  record(event: PaymentEvent): Promise<boolean> {
    if (this.events.some((e) => e.eventId === event.eventId)) return Promise.resolve(false);
    this.events.push(event);
    return Promise.resolve(true);
  }
}

const worker = { wake: jest.fn() } as unknown as OrdersWorker;
const SECRET = 'whsec_unit';
const sign = (payload: string, secret = SECRET) =>
  new Stripe('sk_test_unit').webhooks.generateTestHeaderString({ payload, secret });

describe('ReceiveStripeWebhookHandler', () => {
  const stripeProvider = () =>
    new StripePaymentProvider({
      secretKey: 'sk_test_unit',
      webhookSecret: SECRET,
      publishableKey: 'pk_test_unit',
      // Nothing listens here: the cases below must not call Stripe.
      apiUrl: 'http://127.0.0.1:9',
      publicUrl: 'http://localhost:8080',
    });

  it('answers 404 ORDERS.STRIPE_NOT_CONFIGURED while the simulated processor runs', async () => {
    const sink = new MemorySink();
    const handler = new ReceiveStripeWebhookHandler(new SimulatedPaymentProvider(0), sink, worker);
    await expect(handler.receive(Buffer.from('{}'), 't=1,v1=x')).rejects.toMatchObject({
      code: 'ORDERS.STRIPE_NOT_CONFIGURED',
      status: 404,
    });
  });

  it('refuses a wrong signature with ORDERS.WEBHOOK_SIGNATURE_INVALID (400)', async () => {
    const sink = new MemorySink();
    const handler = new ReceiveStripeWebhookHandler(stripeProvider(), sink, worker);
    const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created' });
    await expect(
      handler.receive(Buffer.from(body), sign(body, 'whsec_other')),
    ).rejects.toMatchObject({ code: 'ORDERS.WEBHOOK_SIGNATURE_INVALID', status: 400 });
    await expect(handler.receive(undefined, sign(body))).rejects.toMatchObject({
      code: 'ORDERS.WEBHOOK_SIGNATURE_INVALID',
    });
    expect(sink.events).toEqual([]);
  });

  it('records a transfer reversal once (no re-read needed) and ignores unused types', async () => {
    const sink = new MemorySink();
    const handler = new ReceiveStripeWebhookHandler(stripeProvider(), sink, worker);
    const event = {
      id: 'evt_rev',
      object: 'event',
      created: 1_700_000_000,
      type: 'transfer.reversed',
      data: {
        object: {
          id: 'tr_1',
          object: 'transfer',
          amount_reversed: 900,
          transfer_group: 'ord_abc',
          metadata: {},
        },
      },
    };
    const body = JSON.stringify(event);
    expect(await handler.receive(Buffer.from(body), sign(body))).toEqual({
      received: true,
      outcome: 'recorded',
    });
    expect(await handler.receive(Buffer.from(body), sign(body))).toMatchObject({
      outcome: 'duplicate',
    });
    expect(sink.events).toEqual([
      {
        provider: 'stripe',
        type: 'transfer.reversed',
        eventId: 'evt_rev',
        occurredAt: '2023-11-14T22:13:20.000Z',
        orderId: 'ord_abc',
        transferId: 'tr_1',
        amountCents: 900,
      },
    ]);
    const other = JSON.stringify({ ...event, id: 'evt_cus', type: 'customer.created' });
    expect(await handler.receive(Buffer.from(other), sign(other))).toMatchObject({
      outcome: 'ignored',
    });
    expect(sink.events).toHaveLength(1);
  });
});
