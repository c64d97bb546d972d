import { useStripeOrdersHarness } from './support/stripe-harness';

jest.setTimeout(120_000);

/**
 * Issue 23 scenario 5: the pay call asked Stripe inside the order's transaction, holding the
 * order's row lock and a pooled connection for as long as Stripe took (up to 60 s with the
 * SDK's retries). Under a pool of 2, two slow payments stopped every other request. The
 * processor is now called with no transaction open: the attempt is written first, then the
 * call, then its result.
 */
describe('pay under a pool of 2 connections while Stripe is slow (Stripe)', () => {
  const h = useStripeOrdersHarness('orders_pay_pool', { DB_POOL_SIZE: '2' });

  const pendingOrder = async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 10_000, postageCents: 500 });
    const created = await h.checkout(buyer, listing.id);
    expect(created.status).toBe(201);
    return { seller, buyer, orderId: created.body.id };
  };

  /** A request that gives up after `ms`: a starved pool or a held lock answers nothing. */
  const timed = async (
    path: string,
    token: string,
    json: unknown,
    ms: number,
  ): Promise<number | 'timeout'> => {
    try {
      const res = await fetch(`${h.base}${path}`, {
        method: json === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: json === undefined ? undefined : JSON.stringify(json),
        signal: AbortSignal.timeout(ms),
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 'timeout';
    }
  };

  const creates = () => h.stripe.callsTo('POST', '/v1/payment_intents').length;

  const until = async (what: () => boolean, ms = 30_000) => {
    const end = Date.now() + ms;
    while (!what()) {
      if (Date.now() > end) throw new Error('timed out waiting');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('scenario 5: two payments waiting on Stripe hold no connection and no order lock: reads and a cancel answer at once', async () => {
    const a = await pendingOrder();
    const b = await pendingOrder();
    const before = creates();
    const release = h.stripe.stallPaymentIntentCreates();
    let payA: Promise<number | 'timeout'> | undefined;
    let payB: Promise<number | 'timeout'> | undefined;
    try {
      payA = timed(`/api/v1/orders/${a.orderId}/pay`, a.buyer.token, {}, 60_000);
      payB = timed(`/api/v1/orders/${b.orderId}/pay`, b.buyer.token, {}, 60_000);
      await until(() => creates() === before + 2);

      // Both payments are waiting on Stripe. The pool has 2 connections: neither is theirs.
      expect(await timed(`/api/v1/orders/${b.orderId}`, b.buyer.token, undefined, 3_000)).toBe(200);
      // Nor is order A's row lock: the buyer cancels A while its payment is in flight.
      expect(
        await timed(`/api/v1/orders/${a.orderId}/cancel`, a.buyer.token, { reason: 'slow' }, 3_000),
      ).toBe(200);
    } finally {
      release();
    }

    // B's payment is recorded; A's finds its order cancelled: refused, and its intent cancelled.
    expect(await payB).toBe(202);
    expect(await payA).toBe(409);
    const rowA = await h.orderRow(a.orderId);
    expect(rowA).toMatchObject({ status: 'cancelled', payment_id: null });
    const rowB = await h.orderRow(b.orderId);
    expect(rowB.status).toBe('pending_payment');
    expect(rowB.payment_id).toMatch(/^pi_/);

    await h.drain();
    const intentsOfA = [...h.stripe.paymentIntents.values()].filter(
      (pi) => (pi.metadata as { order_id?: string }).order_id === a.orderId,
    );
    expect(intentsOfA).toHaveLength(1);
    expect(intentsOfA[0]!.status).toBe('canceled');
    const intentOfB = h.stripe.paymentIntents.get(rowB.payment_id!)!;
    expect(intentOfB.status).toBe('requires_payment_method');
  });

  it('scenario 5: a second pay while the first is still with Stripe answers 409 PAYMENT_IN_PROGRESS and makes no second intent', async () => {
    const a = await pendingOrder();
    const before = creates();
    const release = h.stripe.stallPaymentIntentCreates();
    let first: Promise<number | 'timeout'> | undefined;
    try {
      first = timed(`/api/v1/orders/${a.orderId}/pay`, a.buyer.token, {}, 60_000);
      await until(() => creates() === before + 1);
      const second = await h.call<{ code: string }>(`/api/v1/orders/${a.orderId}/pay`, {
        token: a.buyer.token,
        json: {},
      });
      expect(second.status).toBe(409);
      expect(second.body.code).toBe('ORDERS.PAYMENT_IN_PROGRESS');
    } finally {
      release();
    }
    expect(await first).toBe(202);
    expect(creates()).toBe(before + 1);
    // Once it is recorded, paying again hands back the same intent.
    const again = await h.call<{ payment: { paymentId: string } }>(
      `/api/v1/orders/${a.orderId}/pay`,
      { token: a.buyer.token, json: {} },
    );
    expect(again.status).toBe(202);
    expect(again.body.payment.paymentId).toBe((await h.orderRow(a.orderId)).payment_id);
    expect(creates()).toBe(before + 1);
  });
});
