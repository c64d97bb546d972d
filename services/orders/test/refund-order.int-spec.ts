import { stripeEvent } from './factories/stripe-event.factory';
import { useStripeOrdersHarness } from './support/stripe-harness';

/**
 * An admin refunds what Loadout still holds (ADR 0013): the way out of `partially_refunded`.
 * Real HTTP, inbox, worker and Postgres; Stripe is the stand-in; the harness checks the ledger
 * invariants after every test.
 */
describe('POST /api/v1/orders/{id}/refund (admin)', () => {
  const h = useStripeOrdersHarness('refund_order');

  const paidStripeOrder = () => h.paidStripeOrder();

  const chargeOf = (paymentId: string) =>
    h.stripe.charges.get(h.stripe.paymentIntents.get(paymentId)!.latest_charge as string)!;

  it('refunds the rest of a partly refunded order: refunded, €87.63 more back, the buyer whole', async () => {
    const o = await paidStripeOrder();
    await h.deliver(stripeEvent('charge.refunded', h.stripe.refundInDashboard(o.paymentId, 2_000)));
    await h.drain();
    expect((await h.orderRow(o.orderId)).status).toBe('partially_refunded');

    const admin = await h.user(['admin']);
    const res = await h.action(admin, o.orderId, 'refund', { reason: 'Seller agreed to refund' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('refunded');
    await h.drain();

    // Stripe was asked once, for what was left: the charge is now refunded in full.
    const calls = h.stripe
      .callsTo('POST', '/v1/refunds')
      .filter((c) => c.params.payment_intent === o.paymentId);
    expect(calls).toHaveLength(1);
    expect(chargeOf(o.paymentId).amount_refunded).toBe(10_763);
    const postings = (await h.ds.query(
      `SELECT p.account, p.amount_cents::int AS "amountCents"
         FROM orders.ledger_postings p JOIN orders.ledger_entries e ON e.id = p.entry_id
        WHERE p.order_id = $1 AND e.kind = 'refund' ORDER BY p.id`,
      [o.orderId],
    )) as { account: string; amountCents: number }[];
    expect(postings).toEqual([
      { account: 'escrow_held', amountCents: -2_000 },
      { account: 'refunds', amountCents: 2_000 },
      // Loadout's own refund is pending until Stripe confirms it (ADR 0042).
      { account: 'escrow_held', amountCents: -8_763 },
      { account: 'refund_pending', amountCents: 8_763 },
    ]);
    // Never shipped: the listing is free again, from the refunded event (ADR 0044).
    expect(o.listing.status).toBe('active');
    expect(h.listings.calls.filter((c) => c.orderId === o.orderId).map((c) => c.command)).toEqual([
      'reserve',
    ]);

    // The processor's confirmation books the pending part as refunded, nothing more; a second
    // refund is refused.
    await h.deliver(stripeEvent('charge.refunded', { ...chargeOf(o.paymentId), metadata: {} }));
    await h.drain();
    expect(await h.orderRow(o.orderId)).toMatchObject({
      status: 'refunded',
      refunded_cents: 10_763,
    });
    const [refunded] = (await h.ds.query(
      `SELECT coalesce(sum(amount_cents) FILTER (WHERE account = 'refunds'), 0)::int AS refunds,
              coalesce(sum(amount_cents) FILTER (WHERE account = 'refund_pending'), 0)::int AS pending
         FROM orders.ledger_postings WHERE order_id = $1`,
      [o.orderId],
    )) as { refunds: number; pending: number }[];
    expect(refunded).toEqual({ refunds: 10_763, pending: 0 });
    const again = await h.action(admin, o.orderId, 'refund', { reason: 'Again' });
    expect(again.status).toBe(409);
  });

  it('scenario 3: refunding a shipped order tells listings not to relist the item', async () => {
    const o = await paidStripeOrder();
    expect((await h.action(o.seller, o.orderId, 'ship', { handedOverInPerson: true })).status).toBe(
      200,
    );
    const admin = await h.user(['admin']);
    expect(
      (await h.action(admin, o.orderId, 'refund', { reason: 'Broken on arrival' })).status,
    ).toBe(200);
    await h.drain();
    const events = (await h.ds.query(
      `SELECT envelope->'payload' AS payload FROM orders.outbox
        WHERE aggregate_id = $1 AND topic = 'orders.order.refunded.v1' ORDER BY seq`,
      [o.orderId],
    )) as { payload: { full: boolean; relist: boolean } }[];
    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.payload.relist).toBe(false);
    // Listings marks it sold from that event (ADR 0044); it never comes back on sale.
    expect(o.listing.status).toBe('sold');
  });

  it('is for admins only (parties 403), needs a reason, and knows no unknown order', async () => {
    const o = await paidStripeOrder();
    expect((await h.action(o.buyer, o.orderId, 'refund', { reason: 'Please' })).status).toBe(403);
    expect((await h.action(o.seller, o.orderId, 'refund', { reason: 'Fine' })).status).toBe(403);
    const admin = await h.user(['admin']);
    const blank = await h.action(admin, o.orderId, 'refund', { reason: '   ' });
    expect(blank.status).toBe(400);
    expect(JSON.stringify(blank.body)).toContain('Give a reason for the refund.');
    expect((await h.action(admin, 'ord_does_not_exist', 'refund', { reason: 'x' })).status).toBe(
      404,
    );
    expect((await h.orderRow(o.orderId)).status).toBe('paid');
  });
});
