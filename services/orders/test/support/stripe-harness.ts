import { OrdersHarness } from './orders-harness';
import { StripeStandIn } from './stripe-stand-in';
import { signedWebhook, stripeEvent } from '../factories/stripe-event.factory';

export const STRIPE_TEST_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_orders_suite',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_orders_suite',
  STRIPE_WEBHOOK_SECRET: 'whsec_orders_suite_0123456789',
} as const;

export interface OrderRow {
  status: string;
  payment_id: string | null;
  charge_id: string | null;
  refunded_cents: number;
  last_payment_error_code: string | null;
}

/**
 * The orders harness on `PAYMENTS_PROVIDER=stripe`, its SDK pointed at the Stripe stand-in.
 * Ledger invariants are checked after every test, like the other orders suites.
 */
export class StripeOrdersHarness extends OrdersHarness {
  readonly stripe = new StripeStandIn(STRIPE_TEST_KEYS.STRIPE_SECRET_KEY);

  override async start(label: string, env: Record<string, string> = {}): Promise<this> {
    await this.stripe.start();
    return super.start(label, {
      PAYMENTS_PROVIDER: 'stripe',
      ...STRIPE_TEST_KEYS,
      STRIPE_API_URL: this.stripe.url,
      ...env,
    });
  }

  override async stop(): Promise<void> {
    await super.stop();
    await this.stripe.close();
  }

  /** Posts a body to the webhook endpoint exactly as given (raw bytes, own signature). */
  async postWebhook(body: string, signature?: string) {
    const res = await fetch(`${this.base}/api/v1/webhooks/stripe`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature !== undefined && { 'stripe-signature': signature }),
      },
      body,
    });
    const text = await res.text();
    return {
      status: res.status,
      body: (text ? JSON.parse(text) : null) as Record<string, unknown>,
    };
  }

  /** Delivers a Stripe event signed with the configured secret, as Stripe does. */
  deliver(event: unknown) {
    const { body, signature } = signedWebhook(event, STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET);
    return this.postWebhook(body, signature);
  }

  /**
   * €100 item + €5 postage + €2.63 fee = €107.63: checked out, paid through the stand-in and
   * confirmed by `payment_intent.succeeded` (the order is `paid`).
   */
  async paidStripeOrder() {
    const seller = await this.user();
    const buyer = await this.user();
    const listing = this.listing(seller.id, { priceCents: 10_000, postageCents: 500 });
    const created = await this.checkout(buyer, listing.id);
    expect(created.status).toBe(201);
    const paid = await this.call<{ payment: { paymentId: string } }>(
      `/api/v1/orders/${created.body.id}/pay`,
      { token: buyer.token, json: {} },
    );
    expect(paid.status).toBe(202);
    const paymentId = paid.body.payment.paymentId;
    await this.deliver(stripeEvent('payment_intent.succeeded', this.stripe.succeed(paymentId)));
    await this.drain();
    expect((await this.orderRow(created.body.id)).status).toBe('paid');
    return { seller, buyer, listing, orderId: created.body.id, paymentId };
  }

  async orderRow(orderId: string): Promise<OrderRow> {
    const [row] = (await this.ds.query(
      `SELECT status, payment_id, charge_id, refunded_cents, last_payment_error_code
         FROM orders.orders WHERE id = $1`,
      [orderId],
    )) as OrderRow[];
    return row!;
  }
}

export function useStripeOrdersHarness(
  label: string,
  env?: Record<string, string>,
): StripeOrdersHarness {
  const h = new StripeOrdersHarness();
  beforeAll(() => h.start(label, env), 60_000);
  afterAll(() => h.stop());
  afterEach(async () => {
    const check = await h.ledgerCheck();
    expect(check).toMatchObject({ ok: true, unbalancedOrders: [] });
    expect(check.heldCents).toBe(check.expectedHeldCents);
  });
  return h;
}
