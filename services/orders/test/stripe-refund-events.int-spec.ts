import { stripeEvent } from './factories/stripe-event.factory';
import { type StripeOrdersHarness, useStripeOrdersHarness } from './support/stripe-harness';

const balancesOf = async (h: StripeOrdersHarness, orderId: string) => {
  const rows = (await h.ds.query(
    `SELECT account, sum(amount_cents)::int AS cents FROM orders.ledger_postings
      WHERE order_id = $1 GROUP BY account HAVING sum(amount_cents) <> 0 ORDER BY account`,
    [orderId],
  )) as { account: string; cents: number }[];
  return Object.fromEntries(rows.map((r) => [r.account, r.cents]));
};

/**
 * Issue 23 scenario 6, the refund half (ADR 0042), through Stripe's webhooks (real HTTP to the
 * stand-in, signed events): a refund is pending until `charge.refunded` or
 * `charge.refund.updated` (succeeded) confirms it; `charge.refund.updated` (failed) and
 * `refund.failed` bring it back to escrow once, however often and in whatever order they come,
 * and the retry asks Stripe again with its own key.
 */
describe('Stripe refund events', () => {
  const h = useStripeOrdersHarness('stripe_refund_events');

  const cancelled = async () => {
    const o = await h.paidStripeOrder();
    expect((await h.action(o.buyer, o.orderId, 'cancel', {})).status).toBe(200);
    await h.drain(); // the refund job asks Stripe
    const refunds = [...h.stripe.refunds.values()].filter((r) => r.payment_intent === o.paymentId);
    expect(refunds).toHaveLength(1);
    const pi = h.stripe.paymentIntents.get(o.paymentId)!;
    const charge = () => ({ ...h.stripe.charges.get(pi.latest_charge as string)!, metadata: {} });
    return { ...o, refund: refunds[0]!, charge };
  };

  it('keeps the refund pending until charge.refunded confirms it', async () => {
    const o = await cancelled();
    expect(await balancesOf(h, o.orderId)).toEqual({
      buyer_payments: -10_763,
      refund_pending: 10_763,
    });
    expect(await h.topics(o.orderId)).not.toContain('orders.order.refunded.v1');

    expect((await h.deliver(stripeEvent('charge.refunded', o.charge()))).status).toBe(200);
    await h.drain();
    expect(await balancesOf(h, o.orderId)).toEqual({ buyer_payments: -10_763, refunds: 10_763 });
    expect(await h.topics(o.orderId)).toContain('orders.order.refunded.v1');
  });

  it('returns a failed refund to escrow once, whatever the order and copies, and the retry refunds it', async () => {
    const o = await cancelled();
    const succeededCopy = stripeEvent('charge.refunded', o.charge());
    const failed = structuredClone(h.stripe.failRefund(o.refund.id));
    const updated = stripeEvent('charge.refund.updated', failed);
    // Failure first, twice, then Stripe's refund.failed, then the (stale) charge.refunded.
    for (const event of [updated, updated, stripeEvent('refund.failed', failed), succeededCopy])
      expect((await h.deliver(event)).status).toBe(200);
    await h.drain();

    expect(await balancesOf(h, o.orderId)).toEqual({
      buyer_payments: -10_763,
      escrow_held: 10_763,
    });
    const [row] = (await h.ds.query(
      `SELECT refund_due_cents AS due, refund_failures AS failures, last_refund_error AS error
         FROM orders.orders WHERE id = $1`,
      [o.orderId],
    )) as { due: number; failures: number; error: string }[];
    expect(row).toEqual({
      due: 10_763,
      failures: 1,
      error: 'Refund failed: expired_or_canceled_card',
    });
    expect(await h.topics(o.orderId)).not.toContain('orders.order.refunded.v1');

    // The retry (after its delay) asks Stripe again, with its own key, for exactly that amount.
    await h.makeDue(o.orderId, 'refund_payment');
    await h.drain();
    const retry = h.stripe
      .callsTo('POST', '/v1/refunds')
      .find((c) => c.idempotencyKey === `order:${o.orderId}:refund:retry:1`)!;
    expect(retry.params).toMatchObject({ amount: '10763' });
    expect(await balancesOf(h, o.orderId)).toEqual({
      buyer_payments: -10_763,
      refund_pending: 10_763,
    });
    const second = [...h.stripe.refunds.values()].find(
      (r) => r.payment_intent === o.paymentId && r.id !== o.refund.id,
    )!;
    expect(
      (await h.deliver(stripeEvent('charge.refund.updated', structuredClone(second)))).status,
    ).toBe(200);
    await h.drain();
    expect(await balancesOf(h, o.orderId)).toEqual({ buyer_payments: -10_763, refunds: 10_763 });
    expect(await h.topics(o.orderId)).toContain('orders.order.refunded.v1');
  });

  it('ADR 0049: a stale charge.refunded (the refund failed since) confirms nothing: the charge is re-read', async () => {
    const o = await cancelled();
    const stale = stripeEvent('charge.refunded', o.charge()); // amount_refunded: 10 763
    const failed = structuredClone(h.stripe.failRefund(o.refund.id)); // Stripe: 0 refunded now
    expect((await h.deliver(stale)).status).toBe(200);
    await h.drain();
    expect(await balancesOf(h, o.orderId)).toEqual({
      buyer_payments: -10_763,
      refund_pending: 10_763,
    });
    expect(await h.topics(o.orderId)).not.toContain('orders.order.refunded.v1');
    expect(h.stripe.callsTo('GET', `/v1/charges/${String(o.charge().id)}`).length).toBeGreaterThan(
      0,
    );

    // Its failure then takes the money back to escrow, for the retry.
    expect((await h.deliver(stripeEvent('refund.failed', failed))).status).toBe(200);
    await h.drain();
    expect(await balancesOf(h, o.orderId)).toEqual({
      buyer_payments: -10_763,
      escrow_held: 10_763,
    });
  });
});
