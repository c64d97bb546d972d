import { MAX_REFUND_FAILURES } from '../src/escrow/domain/order';
import { type OrdersHarness, paidOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

/** Stripe's test card whose charge succeeds and whose refunds fail (the simulated one too). */
const REFUND_FAILS_CARD = {
  cardNumber: '4000000000005126',
  expMonth: 12,
  expYear: 2034,
  cvc: '123',
};

const balancesOf = async (h: OrdersHarness, orderId: string) => {
  const rows = (await h.ds.query(
    `SELECT account, sum(amount_cents)::int AS cents FROM orders.ledger_postings
      WHERE order_id = $1 GROUP BY account HAVING sum(amount_cents) <> 0 ORDER BY account`,
    [orderId],
  )) as { account: string; cents: number }[];
  return Object.fromEntries(rows.map((r) => [r.account, r.cents]));
};

const refundedEvents = async (h: OrdersHarness, orderId: string) =>
  (
    (await h.ds.query(
      `SELECT envelope FROM orders.outbox
        WHERE aggregate_id = $1 AND topic = 'orders.order.refunded.v1' ORDER BY seq`,
      [orderId],
    )) as { envelope: { payload: { refundedCents: number; refundPending?: boolean } } }[]
  ).map((r) => r.envelope.payload);

/**
 * Issue 23 scenario 6, the refund half (ADR 0042): a refund is booked `escrow_held →
 * refund_pending` when asked and `refund_pending → refunds` when the processor confirms it; a
 * failed refund returns to escrow, is retried, and is parked for admins when it keeps failing.
 */
describe('refunds posted when confirmed', () => {
  const h = useOrdersHarness('orders_refund_confirmation');

  it('books a cancellation refund as pending, then as refunded when the processor confirms', async () => {
    const { seller, orderId } = await paidOrder(h);

    expect((await h.action(seller, orderId, 'cancel', {})).status).toBe(200);

    expect(await balancesOf(h, orderId)).toEqual({
      buyer_payments: -13_120,
      refund_pending: 13_120,
    });
    const [row] = (await h.ds.query(
      `SELECT refund_pending_cents AS pending FROM orders.orders WHERE id = $1`,
      [orderId],
    )) as { pending: number }[];
    expect(row!.pending).toBe(13_120);
    // Nothing tells the buyer "refunded" before the processor confirmed it.
    expect(await refundedEvents(h, orderId)).toEqual([]);

    await h.drain(); // the refund call, then the processor's refund.succeeded

    expect(await balancesOf(h, orderId)).toEqual({ buyer_payments: -13_120, refunds: 13_120 });
    expect(await refundedEvents(h, orderId)).toMatchObject([
      { refundedCents: 13_120, refundPending: false },
    ]);
    // A second copy of the confirmation books nothing more.
    await h.ds.query(
      `UPDATE orders.payment_events SET processed_at = NULL, available_at = now()
        WHERE order_id = $1 AND event->>'type' = 'refund.succeeded'`,
      [orderId],
    );
    await h.drain();
    expect(await balancesOf(h, orderId)).toEqual({ buyer_payments: -13_120, refunds: 13_120 });
    expect(await refundedEvents(h, orderId)).toHaveLength(1);
  });

  it('returns a failed refund to escrow, records it, retries it and parks it when it keeps failing', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    const orderId = (await h.checkout(buyer, listing.id)).body.id;
    expect((await h.pay(buyer, orderId, REFUND_FAILS_CARD)).status).toBe(202);
    await h.drain();
    expect((await h.order(buyer, orderId)).body.status).toBe('paid');

    expect((await h.action(buyer, orderId, 'cancel', {})).status).toBe(200);
    await h.drain(); // the refund is asked, and the processor reports it failed

    expect(await balancesOf(h, orderId)).toEqual({
      buyer_payments: -13_120,
      escrow_held: 13_120,
    });
    const order = async () =>
      (
        (await h.ds.query(
          `SELECT refund_pending_cents AS pending, refund_due_cents AS due,
                  refund_failures AS failures, last_refund_error AS error
             FROM orders.orders WHERE id = $1`,
          [orderId],
        )) as { pending: number; due: number; failures: number; error: string | null }[]
      )[0]!;
    expect(await order()).toMatchObject({ pending: 0, due: 13_120, failures: 1 });
    expect((await order()).error).toMatch(/refund failed/i);
    expect(await refundedEvents(h, orderId)).toEqual([]);
    const timeline = (await h.ds.query(
      `SELECT note FROM orders.order_timeline WHERE order_id = $1 ORDER BY at, id`,
      [orderId],
    )) as { note: string | null }[];
    expect(timeline.map((t) => t.note)).toContainEqual(
      expect.stringMatching(/refund of €131\.20 failed/i),
    );
    // The money held again counts as held: the ledger check agrees (checked after each test).
    const check = await h.ledgerCheck();
    expect(check).toMatchObject({ ok: true, heldCents: check.expectedHeldCents });

    // Retried per the policy until it is parked; never silently done.
    for (let n = 2; n <= MAX_REFUND_FAILURES; n++) {
      await h.makeDue(orderId, 'refund_payment');
      await h.drain();
      expect(await order()).toMatchObject({ pending: 0, due: 13_120, failures: n });
    }
    // Failed for good: both parties are told once (ADR 0042), not at each retry.
    const failedForGood = (
      (await h.ds.query(
        `SELECT envelope FROM orders.outbox
          WHERE aggregate_id = $1 AND topic = 'orders.order.refund_failed.v1'`,
        [orderId],
      )) as { envelope: { payload: Record<string, unknown> } }[]
    ).map((r) => r.envelope.payload);
    expect(failedForGood).toEqual([
      expect.objectContaining({
        orderId,
        buyerId: buyer.id,
        sellerId: seller.id,
        failedCents: 13_120,
        failures: MAX_REFUND_FAILURES,
        reason: 'expired_or_canceled_card',
      }),
    ]);
    const admin = await h.user(['admin']);
    const parked = await h.call<{ items: { orderId: string; kind: string }[] }>(
      '/internal/jobs/parked',
      { token: admin.token },
    );
    expect(parked.status).toBe(200);
    expect(parked.body.items).toContainEqual(
      expect.objectContaining({ orderId, kind: 'refund_payment' }),
    );
    // A parked job is not run by the worker.
    await h.makeDue(orderId, 'refund_payment');
    await h.drain();
    expect((await order()).failures).toBe(MAX_REFUND_FAILURES);
    expect(await balancesOf(h, orderId)).toEqual({
      buyer_payments: -13_120,
      escrow_held: 13_120,
    });
  });
});
