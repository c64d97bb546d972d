import { stripeEvent, signedWebhook } from './factories/stripe-event.factory';
import { STAND_IN_CARDS } from './support/stripe-stand-in';
import { STRIPE_TEST_KEYS, useStripeOrdersHarness } from './support/stripe-harness';

const SECRET = STRIPE_TEST_KEYS.STRIPE_WEBHOOK_SECRET;

describe('POST /api/v1/webhooks/stripe', () => {
  const h = useStripeOrdersHarness('stripe_webhook');

  const inboxRows = async (eventId: string) =>
    Number(
      (
        (await h.ds.query(
          `SELECT count(*)::int AS n FROM orders.payment_events WHERE event_id = $1`,
          [eventId],
        )) as { n: number }[]
      )[0]!.n,
    );

  /** An order whose PaymentIntent exists at the stand-in (created through the pay endpoint). */
  async function orderWithPaymentIntent(paymentMethodId?: string) {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 10_000, postageCents: 500 });
    const created = await h.checkout(buyer, listing.id);
    expect(created.status).toBe(201);
    const paid = await h.call<{
      payment: { paymentId: string; status: string; clientSecret: string | null };
    }>(`/api/v1/orders/${created.body.id}/pay`, {
      token: buyer.token,
      json: paymentMethodId ? { paymentMethodId } : {},
    });
    expect(paid.status).toBe(202);
    return {
      seller,
      buyer,
      listing,
      orderId: created.body.id,
      paymentId: paid.body.payment.paymentId,
      pay: paid.body,
    };
  }

  describe('signature over the raw body', () => {
    it('records a validly signed event once; a redelivery answers 200 as a duplicate', async () => {
      const { orderId, paymentId } = await orderWithPaymentIntent();
      const pi = h.stripe.succeed(paymentId);
      const event = stripeEvent('payment_intent.succeeded', pi);
      const { body, signature } = signedWebhook(event, SECRET);

      const first = await h.postWebhook(body, signature);
      expect(first).toEqual({ status: 200, body: { received: true, outcome: 'recorded' } });
      const again = await h.postWebhook(body, signature);
      expect(again).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
      expect(await inboxRows(event.id)).toBe(1);

      await h.drain();
      expect(await h.orderRow(orderId)).toMatchObject({
        status: 'paid',
        payment_id: paymentId,
        charge_id: pi.latest_charge,
      });
    });

    const refused = (res: { status: number; body: Record<string, unknown> }) => {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'ORDERS.WEBHOOK_SIGNATURE_INVALID',
        message: 'The Stripe signature of this webhook is missing, wrong or too old.',
        requestId: expect.any(String),
      });
    };

    it('refuses a tampered body (same signature, one value changed) and records nothing', async () => {
      const event = stripeEvent('payment_intent.succeeded', { id: 'pi_tampered', amount: 100 });
      const { body, signature } = signedWebhook(event, SECRET);
      refused(await h.postWebhook(body.replace('"amount": 100', '"amount": 1'), signature));
      // Whitespace is part of the signed bytes too: re-serialised JSON does not verify.
      refused(await h.postWebhook(JSON.stringify(JSON.parse(body)), signature));
      expect(await inboxRows(event.id)).toBe(0);
    });

    it('refuses a signature made with another secret', async () => {
      const event = stripeEvent('payment_intent.succeeded', { id: 'pi_wrong_secret' });
      const { body, signature } = signedWebhook(event, 'whsec_someone_else');
      refused(await h.postWebhook(body, signature));
    });

    it('refuses a correctly signed event older than 300 seconds (a replay), accepts one just inside', async () => {
      const old = stripeEvent('some.unknown_type', { id: 'obj_old' });
      const stale = signedWebhook(old, SECRET, Math.floor(Date.now() / 1000) - 301);
      refused(await h.postWebhook(stale.body, stale.signature));
      const recent = signedWebhook(old, SECRET, Math.floor(Date.now() / 1000) - 290);
      expect((await h.postWebhook(recent.body, recent.signature)).status).toBe(200);
    });

    it('refuses a missing or malformed Stripe-Signature header', async () => {
      const { body } = signedWebhook(
        stripeEvent('payment_intent.succeeded', { id: 'pi_x' }),
        SECRET,
      );
      refused(await h.postWebhook(body));
      refused(await h.postWebhook(body, 'garbage'));
    });

    it('acknowledges and ignores event types the escrow does not use', async () => {
      const res = await h.deliver(
        stripeEvent('customer.created', { id: 'cus_1', object: 'customer' }),
      );
      expect(res).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } });
    });
  });

  describe('the Stripe lifecycle through webhooks', () => {
    it('pays, onboards the seller, ships, confirms and transfers from the charge — once', async () => {
      const o = await orderWithPaymentIntent(STAND_IN_CARDS.visa);
      expect(o.pay.payment).toMatchObject({ status: 'succeeded' });
      // The answer of the create call is not trusted: the order waits for the webhook.
      expect(await h.orderRow(o.orderId)).toMatchObject({ status: 'pending_payment' });
      const pi = h.stripe.paymentIntents.get(o.paymentId)!;
      expect(pi).toMatchObject({ transfer_group: o.orderId, metadata: { order_id: o.orderId } });
      expect(
        h.stripe.calls.find(
          (c) => c.path === '/v1/payment_intents' && c.params.transfer_group === o.orderId,
        )!.idempotencyKey,
      ).toBe(`order:${o.orderId}:pay`);

      expect((await h.deliver(stripeEvent('payment_intent.succeeded', pi))).status).toBe(200);
      await h.drain();
      expect(await h.orderRow(o.orderId)).toMatchObject({
        status: 'paid',
        charge_id: pi.latest_charge,
      });

      const onboarding = await h.call<{ url: string | null; account: { status: string } }>(
        '/api/v1/payouts/onboarding',
        { token: o.seller.token, json: {} },
      );
      expect(onboarding.status).toBeLessThan(300);
      expect(onboarding.body.url).toMatch(/^https:\/\/connect\.stripe\.test\//);
      expect(onboarding.body.account.status).toBe('pending');
      const account = [...h.stripe.accounts.values()].at(-1)!;

      expect(
        (
          await h.action(o.seller, o.orderId, 'ship', {
            carrier: 'An Post',
            trackingNumber: 'CX1IE',
          })
        ).status,
      ).toBe(200);
      expect((await h.action(o.buyer, o.orderId, 'confirm-delivery')).status).toBe(200);
      await h.drain();
      // Onboarding not complete: the transfer waits.
      expect(h.stripe.transfers.size).toBe(0);

      h.stripe.completeAccount(account.id);
      // account.updated carries the old state here; the adapter re-reads the account.
      const stale = { ...account, details_submitted: false, payouts_enabled: false };
      expect((await h.deliver(stripeEvent('account.updated', stale))).status).toBe(200);
      await h.drain();
      const transfers = [...h.stripe.transfers.values()].filter(
        (t) => t.transfer_group === o.orderId,
      );
      expect(transfers).toEqual([
        expect.objectContaining({
          amount: 10_500,
          destination: account.id,
          source_transaction: pi.latest_charge,
        }),
      ]);
      const call = h.stripe
        .callsTo('POST', '/v1/transfers')
        .find((c) => c.params.transfer_group === o.orderId)!;
      expect(call.idempotencyKey).toBe(`order:${o.orderId}:release`);
      expect((await h.order(o.buyer, o.orderId)).body.status).toBe('completed');
    });

    it('cancels a paid order: refund against the PaymentIntent, confirmed by charge.refunded', async () => {
      const o = await orderWithPaymentIntent(STAND_IN_CARDS.visa);
      await h.deliver(
        stripeEvent('payment_intent.succeeded', h.stripe.paymentIntents.get(o.paymentId)!),
      );
      await h.drain();
      expect(
        (await h.action(o.buyer, o.orderId, 'cancel', { reason: 'Changed my mind' })).status,
      ).toBe(200);
      await h.drain();
      const refund = h.stripe
        .callsTo('POST', '/v1/refunds')
        .find((c) => c.params.payment_intent === o.paymentId)!;
      expect(refund.idempotencyKey).toBe(`order:${o.orderId}:refund:1`);
      // No amount: what is left on the charge, here all of it.
      expect(refund.params).not.toHaveProperty('amount');

      const charge = h.stripe.charges.get(
        h.stripe.paymentIntents.get(o.paymentId)!.latest_charge as string,
      )!;
      expect(charge.amount_refunded).toBe(10_763);
      expect(
        (await h.deliver(stripeEvent('charge.refunded', { ...charge, metadata: {} }))).status,
      ).toBe(200);
      await h.drain();
      expect(await h.orderRow(o.orderId)).toMatchObject({
        status: 'cancelled',
        refunded_cents: 10_763,
      });
      expect(await h.topics(o.orderId)).toContain('orders.order.refunded.v1');
    });

    it('cancels a paid order with a dashboard refund not yet applied: only the rest is refunded, the buyer gets the total back once', async () => {
      const o = await orderWithPaymentIntent(STAND_IN_CARDS.visa);
      await h.deliver(
        stripeEvent('payment_intent.succeeded', h.stripe.paymentIntents.get(o.paymentId)!),
      );
      await h.drain();
      // €10 goes back from the Stripe dashboard; its charge.refunded has not arrived yet.
      const partial = structuredClone(h.stripe.refundInDashboard(o.paymentId, 1_000));
      expect(
        (await h.action(o.buyer, o.orderId, 'cancel', { reason: 'Changed my mind' })).status,
      ).toBe(200);
      await h.drain();
      const charge = h.stripe.charges.get(
        h.stripe.paymentIntents.get(o.paymentId)!.latest_charge as string,
      )!;
      // The refund job asked for the rest (€97.63), not the total it would have been refused.
      expect(charge.amount_refunded).toBe(10_763);
      expect(
        h.stripe
          .callsTo('POST', '/v1/refunds')
          .filter((c) => c.params.payment_intent === o.paymentId),
      ).toHaveLength(1);

      // Both charge.refunded arrive late, newest first: the order stays cancelled, all refunded.
      await h.deliver(stripeEvent('charge.refunded', { ...charge, metadata: {} }));
      await h.deliver(stripeEvent('charge.refunded', partial));
      await h.drain();
      expect(await h.orderRow(o.orderId)).toMatchObject({
        status: 'cancelled',
        refunded_cents: 10_763,
      });
    });

    it('keeps a failed attempt payable; a late failure event after success changes nothing', async () => {
      const o = await orderWithPaymentIntent();
      const failed = h.stripe.fail(o.paymentId, 'insufficient_funds');
      const failEvent = stripeEvent('payment_intent.payment_failed', { ...failed });
      await h.deliver(failEvent);
      await h.drain();
      expect(await h.orderRow(o.orderId)).toMatchObject({
        status: 'pending_payment',
        last_payment_error_code: 'insufficient_funds',
      });

      // The buyer retries on the same PaymentIntent and it succeeds; the old failure comes again.
      const ok = h.stripe.succeed(o.paymentId);
      await h.deliver(stripeEvent('payment_intent.succeeded', ok));
      await h.deliver(stripeEvent('payment_intent.payment_failed', { ...failed }));
      await h.drain();
      expect(await h.orderRow(o.orderId)).toMatchObject({
        status: 'paid',
        last_payment_error_code: null,
      });
    });
  });
});
