import { stripeEvent } from './factories/stripe-event.factory';
import { useStripeOrdersHarness } from './support/stripe-harness';

/**
 * Refunds made in the Stripe dashboard while the money is still in escrow (ADR 0013,
 * "Refunds made outside Loadout"): `charge.refunded` → `refunded` or `partially_refunded`,
 * with a balanced `escrow_held → refunds` posting, the listing freed on a full refund and
 * `orders.order.refunded.v1`. Real webhook endpoint, inbox, worker and Postgres; Stripe is
 * the stand-in. The ledger invariants are checked after every test by the harness.
 */
describe('refund made outside Loadout (charge.refunded on an order in escrow)', () => {
  const h = useStripeOrdersHarness('external_refund');

  const paidStripeOrder = () => h.paidStripeOrder();

  const refundPostings = async (orderId: string) =>
    (await h.ds.query(
      `SELECT p.account, p.amount_cents::int AS "amountCents"
         FROM orders.ledger_postings p JOIN orders.ledger_entries e ON e.id = p.entry_id
        WHERE p.order_id = $1 AND e.kind = 'refund' ORDER BY p.id`,
      [orderId],
    )) as { account: string; amountCents: number }[];

  const pendingJobs = async (orderId: string) =>
    (
      (await h.ds.query(
        `SELECT kind FROM orders.jobs WHERE order_id = $1 AND done_at IS NULL ORDER BY kind`,
        [orderId],
      )) as { kind: string }[]
    ).map((r) => r.kind);

  const refundedEvents = async (orderId: string) =>
    (
      (await h.ds.query(
        `SELECT envelope->'payload' AS payload FROM orders.outbox
          WHERE aggregate_id = $1 AND topic = 'orders.order.refunded.v1' ORDER BY seq`,
        [orderId],
      )) as { payload: { refundedCents: number; full: boolean; totalCents: number } }[]
    ).map((r) => r.payload);

  it('a full refund of a paid order → refunded: whole total back (fee too), listing freed, one event', async () => {
    const o = await paidStripeOrder();
    const charge = h.stripe.refundInDashboard(o.paymentId);
    const event = stripeEvent('charge.refunded', charge);
    expect((await h.deliver(event)).status).toBe(200);
    expect((await h.deliver(event)).status).toBe(200); // duplicate delivery
    await h.drain();

    expect(await h.orderRow(o.orderId)).toMatchObject({
      status: 'refunded',
      refunded_cents: 10_763,
    });
    expect(await refundPostings(o.orderId)).toEqual([
      { account: 'escrow_held', amountCents: -10_763 },
      { account: 'refunds', amountCents: 10_763 },
    ]);
    expect(await refundedEvents(o.orderId)).toEqual([
      expect.objectContaining({ refundedCents: 10_763, full: true, totalCents: 10_763 }),
    ]);
    // The ship-by deadline is gone; the listing was released (no second refund at Stripe).
    expect(await pendingJobs(o.orderId)).toEqual([]);
    expect(o.listing.status).toBe('active');
    expect(h.stripe.callsTo('POST', '/v1/refunds')).toHaveLength(0);

    // The buyer sees it; the seller can no longer ship it.
    expect((await h.order(o.buyer, o.orderId)).body.status).toBe('refunded');
    const ship = await h.action(o.seller, o.orderId, 'ship', { handedOverInPerson: true });
    expect(ship.status).toBe(409);
    expect(ship.body).toMatchObject({ code: 'ORDERS.ILLEGAL_TRANSITION' });
  });

  it('a partial refund → partially_refunded, the rest held and the listing kept; the rest later → refunded', async () => {
    const o = await paidStripeOrder();
    const first = stripeEvent('charge.refunded', h.stripe.refundInDashboard(o.paymentId, 2_000));
    await h.deliver(first);
    await h.drain();

    expect(await h.orderRow(o.orderId)).toMatchObject({
      status: 'partially_refunded',
      refunded_cents: 2_000,
    });
    expect(await refundPostings(o.orderId)).toEqual([
      { account: 'escrow_held', amountCents: -2_000 },
      { account: 'refunds', amountCents: 2_000 },
    ]);
    expect(await pendingJobs(o.orderId)).toEqual([]); // on hold: no ship-by cancellation
    expect(h.listings.calls.filter((c) => c.orderId === o.orderId).map((c) => c.command)).toEqual([
      'reserve',
    ]);
    const check = await h.ledgerCheck();
    expect(check.ok).toBe(true);
    const cancel = await h.action(o.buyer, o.orderId, 'cancel', { reason: 'x' });
    expect(cancel.status).toBe(409);

    // The rest is refunded in the dashboard; its event arrives before a copy of the first one.
    const second = stripeEvent('charge.refunded', h.stripe.refundInDashboard(o.paymentId));
    await h.deliver(second);
    await h.deliver(first);
    await h.drain();
    expect(await h.orderRow(o.orderId)).toMatchObject({
      status: 'refunded',
      refunded_cents: 10_763,
    });
    expect(await refundPostings(o.orderId)).toEqual([
      { account: 'escrow_held', amountCents: -2_000 },
      { account: 'refunds', amountCents: 2_000 },
      { account: 'escrow_held', amountCents: -8_763 },
      { account: 'refunds', amountCents: 8_763 },
    ]);
    expect(await refundedEvents(o.orderId)).toEqual([
      expect.objectContaining({ refundedCents: 2_000, full: false }),
      expect.objectContaining({ refundedCents: 10_763, full: true }),
    ]);
    expect(o.listing.status).toBe('active');
  });

  it('a full refund of a shipped order stops the automatic release', async () => {
    const o = await paidStripeOrder();
    const shipped = await h.action(o.seller, o.orderId, 'ship', {
      carrier: 'An Post',
      trackingNumber: 'CX123456789IE',
    });
    expect(shipped.status).toBe(200);
    await h.deliver(stripeEvent('charge.refunded', h.stripe.refundInDashboard(o.paymentId)));
    await h.drain();
    expect((await h.orderRow(o.orderId)).status).toBe('refunded');
    expect(await pendingJobs(o.orderId)).toEqual([]);
    const confirm = await h.action(o.buyer, o.orderId, 'confirm-delivery');
    expect(confirm.status).toBe(409);
  });

  it('scenario 3: a full dashboard refund of a shipped order does not put the item back on sale', async () => {
    const o = await paidStripeOrder();
    expect((await h.action(o.seller, o.orderId, 'ship', { handedOverInPerson: true })).status).toBe(
      200,
    );
    await h.deliver(stripeEvent('charge.refunded', h.stripe.refundInDashboard(o.paymentId)));
    await h.drain();
    expect((await h.orderRow(o.orderId)).status).toBe('refunded');
    // The item is with the buyer: the listing leaves the shop (sold), it is not relisted.
    expect(o.listing.status).toBe('sold');
    const [event] = (await h.ds.query(
      `SELECT envelope->'payload' AS payload FROM orders.outbox
        WHERE aggregate_id = $1 AND topic = 'orders.order.refunded.v1' ORDER BY seq`,
      [o.orderId],
    )) as { payload: { full: boolean; relist: boolean } }[];
    expect(event!.payload).toMatchObject({ full: true, relist: false });
  });

  it('a refund of money already released is recorded only (the disputes issue settles it)', async () => {
    const o = await paidStripeOrder();
    expect((await h.action(o.seller, o.orderId, 'ship', { handedOverInPerson: true })).status).toBe(
      200,
    );
    expect((await h.action(o.buyer, o.orderId, 'confirm-delivery')).status).toBe(200);
    await h.drain();
    await h.deliver(stripeEvent('charge.refunded', h.stripe.refundInDashboard(o.paymentId, 500)));
    await h.drain();
    expect(await h.orderRow(o.orderId)).toMatchObject({ status: 'completed', refunded_cents: 0 });
    expect(await refundPostings(o.orderId)).toEqual([]);
    expect(await refundedEvents(o.orderId)).toEqual([]);
  });
});
