import { stripeEvent } from './factories/stripe-event.factory';
import { STAND_IN_CARDS } from './support/stripe-stand-in';
import { useStripeOrdersHarness } from './support/stripe-harness';

/**
 * Issue 23 scenario 2: one order, one charge. A retry reuses the order's open PaymentIntent,
 * a closed order's open intent is cancelled, and any success that is not the payment the
 * ledger recorded (another intent, another amount) is refunded, never kept.
 */
describe('two PaymentIntents for one order (Stripe)', () => {
  const h = useStripeOrdersHarness('orders_two_intents');

  const pendingOrder = async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 10_000, postageCents: 500 });
    const created = await h.checkout(buyer, listing.id);
    expect(created.status).toBe(201);
    return { seller, buyer, listing, orderId: created.body.id };
  };

  const pay = (buyer: { token: string }, orderId: string, paymentMethodId?: string) =>
    h.call<{ payment: { paymentId: string; status: string; clientSecret: string | null } }>(
      `/api/v1/orders/${orderId}/pay`,
      { token: buyer.token, json: paymentMethodId ? { paymentMethodId } : {} },
    );

  const createdIntents = (orderId: string) =>
    h.stripe
      .callsTo('POST', '/v1/payment_intents')
      .filter(
        (c) => (c.params.metadata as { order_id?: string })?.order_id === orderId && !c.replayed,
      );

  it('scenario 2: paying again while the first intent is open returns it (same client secret), no second intent', async () => {
    const { buyer, orderId } = await pendingOrder();
    const first = await pay(buyer, orderId);
    expect(first.status).toBe(202);

    const again = await pay(buyer, orderId);

    expect(again.status).toBe(202);
    expect(again.body.payment.paymentId).toBe(first.body.payment.paymentId);
    expect(again.body.payment.clientSecret).toBe(first.body.payment.clientSecret);
    expect(createdIntents(orderId)).toHaveLength(1);
  });

  it('scenario 2: a retry after a decline confirms the same intent with the new card', async () => {
    const { buyer, orderId } = await pendingOrder();
    const declined = await pay(buyer, orderId, STAND_IN_CARDS.declined);
    expect(declined.body.payment.status).toBe('failed');

    const retried = await pay(buyer, orderId, STAND_IN_CARDS.visa);

    expect(retried.status).toBe(202);
    expect(retried.body.payment.paymentId).toBe(declined.body.payment.paymentId);
    expect(createdIntents(orderId)).toHaveLength(1);
    await h.deliver(
      stripeEvent(
        'payment_intent.succeeded',
        h.stripe.paymentIntents.get(retried.body.payment.paymentId)!,
      ),
    );
    await h.drain();
    expect((await h.orderRow(orderId)).status).toBe('paid');
  });

  it('scenario 2: a second intent that also succeeds is refunded in full; the order is paid once', async () => {
    const o = await h.paidStripeOrder();
    // An intent made elsewhere for the same order (a second tab, an older build) also succeeds.
    const second = h.stripe.createIntentFor(o.orderId, 10_763);
    await h.deliver(stripeEvent('payment_intent.succeeded', h.stripe.succeed(second.id)));
    await h.drain();

    const refunds = h.stripe.callsTo('POST', '/v1/refunds');
    expect(refunds.filter((c) => c.params.payment_intent === second.id)).toHaveLength(1);
    expect(refunds.filter((c) => c.params.payment_intent === o.paymentId)).toHaveLength(0);
    const row = await h.orderRow(o.orderId);
    expect(row).toMatchObject({ status: 'paid', payment_id: o.paymentId });
    const kinds = (await h.ds.query(
      `SELECT kind FROM orders.ledger_entries WHERE order_id = $1 ORDER BY id`,
      [o.orderId],
    )) as { kind: string }[];
    expect(kinds.map((k) => k.kind)).toEqual(['payment', 'stray_payment']);
    // A repeated delivery of that success refunds nothing more.
    await h.deliver(
      stripeEvent('payment_intent.succeeded', h.stripe.paymentIntents.get(second.id)!),
    );
    await h.drain();
    expect(
      h.stripe
        .callsTo('POST', '/v1/refunds')
        .filter((c) => c.params.payment_intent === second.id && !c.replayed),
    ).toHaveLength(1);
  });

  it('scenario 2: a success for another amount than the order total does not pay it and is refunded', async () => {
    const { orderId } = await pendingOrder();
    const odd = h.stripe.createIntentFor(orderId, 500);
    await h.deliver(stripeEvent('payment_intent.succeeded', h.stripe.succeed(odd.id)));
    await h.drain();

    expect((await h.orderRow(orderId)).status).toBe('pending_payment');
    expect(
      h.stripe.callsTo('POST', '/v1/refunds').filter((c) => c.params.payment_intent === odd.id),
    ).toHaveLength(1);
  });

  it('scenario 2: cancelling a pending order cancels its open intent, so it can no longer charge', async () => {
    const { buyer, orderId } = await pendingOrder();
    const first = await pay(buyer, orderId);
    expect((await h.action(buyer, orderId, 'cancel')).status).toBe(200);
    await h.drain();
    expect(h.stripe.paymentIntents.get(first.body.payment.paymentId)!.status).toBe('canceled');
  });
});
