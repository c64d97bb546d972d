import { cards } from './factories/card.factory';
import { type ErrorBody, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

describe('pay order (simulated processor)', () => {
  const h = useOrdersHarness('orders_pay');

  const pendingOrder = async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    const res = await h.checkout(buyer, listing.id);
    return { seller, buyer, listing, orderId: res.body.id };
  };

  it('stays pending until the processor event arrives, then holds the money in escrow', async () => {
    const { buyer, orderId } = await pendingOrder();

    const res = await h.pay(buyer, orderId, cards.ok());

    expect(res.status).toBe(202);
    expect(res.body.payment.status).toBe('processing');
    expect(res.body.order.status).toBe('pending_payment');
    expect((await h.ledgerCheck()).heldCents).toBe(0);

    await h.drain();

    const order = (await h.order(buyer, orderId)).body;
    expect(order.status).toBe('paid');
    expect(order.payBy).toBeNull();
    expect(new Date(order.shipBy!).getTime() - new Date(order.paidAt!).getTime()).toBe(
      7 * 24 * 3600_000,
    );
    expect(order.timeline.map((t) => [t.status, t.actor])).toEqual([
      ['pending_payment', 'buyer'],
      ['paid', 'system'],
    ]);
    const postings = (await h.ds.query(
      `SELECT account, amount_cents::int AS cents FROM orders.ledger_postings WHERE order_id = $1 ORDER BY id`,
      [orderId],
    )) as { account: string; cents: number }[];
    expect(postings).toEqual([
      { account: 'buyer_payments', cents: -13_120 },
      { account: 'escrow_held', cents: 13_120 },
    ]);
    expect(await h.topics(orderId)).toEqual(['orders.order.created.v1', 'orders.order.paid.v1']);
  });

  it('shows a declined card on the order and leaves it payable', async () => {
    const { buyer, orderId } = await pendingOrder();
    await h.pay(buyer, orderId, cards.declined());
    await h.drain();

    const declined = (await h.order(buyer, orderId)).body;
    expect(declined.status).toBe('pending_payment');
    expect(declined.lastPaymentError).toEqual({
      code: 'card_declined',
      message: 'Your card was declined. Try another card.',
    });

    await h.pay(buyer, orderId, cards.ok());
    await h.drain();
    const paid = (await h.order(buyer, orderId)).body;
    expect(paid.status).toBe('paid');
    expect(paid.lastPaymentError).toBeNull();
  });

  it('reports insufficient funds', async () => {
    const { buyer, orderId } = await pendingOrder();
    await h.pay(buyer, orderId, cards.insufficientFunds());
    await h.drain();
    expect((await h.order(buyer, orderId)).body.lastPaymentError?.code).toBe('insufficient_funds');
  });

  it('scenario 2: a second pay while one is processing answers that payment, and charges once', async () => {
    const { buyer, orderId } = await pendingOrder();
    const first = await h.pay(buyer, orderId, cards.ok());
    const again = await h.pay(buyer, orderId, cards.ok());
    expect(again.status).toBe(202);
    expect(again.body.payment).toMatchObject({
      paymentId: first.body.payment.paymentId,
      status: 'processing',
    });
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.payment_events WHERE order_id = $1`,
      [orderId],
    )) as { n: number }[];
    expect(n).toBe(1);
    await h.drain();
    const paidTwice = await h.pay(buyer, orderId, cards.ok());
    expect(paidTwice.status).toBe(409);
    expect((paidTwice.body as unknown as ErrorBody).code).toBe('ORDERS.ILLEGAL_TRANSITION');
  });

  it('replays the answer for a repeated Idempotency-Key instead of paying twice', async () => {
    const { buyer, orderId } = await pendingOrder();
    const first = await h.pay(buyer, orderId, cards.ok(), 'pay-key-1');
    const second = await h.pay(buyer, orderId, cards.ok(), 'pay-key-1');
    expect(second.status).toBe(202);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body.payment.paymentId).toBe(first.body.payment.paymentId);
  });

  it('lets only the buyer pay; strangers get 404', async () => {
    const { seller, orderId } = await pendingOrder();
    const stranger = await h.user();
    const bySeller = await h.pay(seller, orderId, cards.ok());
    expect(bySeller.status).toBe(403);
    expect((bySeller.body as unknown as ErrorBody).message).toBe(
      'Only the buyer can pay for this order.',
    );
    expect((await h.pay(stranger, orderId, cards.ok())).status).toBe(404);
  });

  it('applies a redelivered processor event once', async () => {
    const { buyer, orderId } = await pendingOrder();
    await h.pay(buyer, orderId, cards.ok());
    const [row] = (await h.ds.query(`SELECT event FROM orders.payment_events WHERE order_id = $1`, [
      orderId,
    ])) as { event: Record<string, unknown> }[];
    await h.drain();
    // Same event again (same id): dropped by the inbox. A copy under a new id: a no-op.
    await h.ds.query(
      `INSERT INTO orders.payment_events (provider, event_id, type, order_id, event)
       VALUES ('simulated', $1, 'payment.succeeded', $2, $3::jsonb) ON CONFLICT DO NOTHING`,
      [row!.event['eventId'], orderId, JSON.stringify(row!.event)],
    );
    await h.ds.query(
      `INSERT INTO orders.payment_events (provider, event_id, type, order_id, event)
       VALUES ('simulated', 'copy-1', 'payment.succeeded', $1, $2::jsonb)`,
      [orderId, JSON.stringify({ ...row!.event, eventId: 'copy-1' })],
    );
    await h.drain();
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.ledger_entries WHERE order_id = $1`,
      [orderId],
    )) as { n: number }[];
    expect(n).toBe(1);
  });

  it('refunds a payment that arrives after the order was cancelled', async () => {
    const { buyer, orderId, listing } = await pendingOrder();
    await h.pay(buyer, orderId, cards.ok());
    // The buyer cancels while the processor is still confirming.
    await h.ds.query(
      `UPDATE orders.payment_events SET available_at = now() + interval '1 hour' WHERE order_id = $1`,
      [orderId],
    );
    expect((await h.action(buyer, orderId, 'cancel')).status).toBe(200);
    await h.ds.query(`UPDATE orders.payment_events SET available_at = now() WHERE order_id = $1`, [
      orderId,
    ]);
    await h.drain();
    const order = (await h.order(buyer, orderId)).body;
    expect(order.status).toBe('cancelled');
    const kinds = (await h.ds.query(
      `SELECT kind FROM orders.ledger_entries WHERE order_id = $1 ORDER BY id`,
      [orderId],
    )) as { kind: string }[];
    // Asked, then confirmed by the processor's refund.succeeded (ADR 0042).
    expect(kinds.map((k) => k.kind)).toEqual(['payment', 'refund', 'refund_confirmed']);
    expect(await h.topics(orderId)).toContain('orders.order.refunded.v1');
    expect(listing.status).toBe('active');
  });

  it('tells the browser which processor runs and that it is test mode', async () => {
    const res = await h.call('/api/v1/payments/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'simulated', testMode: true });
  });
});

describe('pay order under a small connection pool', () => {
  // Two connections, six buyers paying at once: each payment's inbox event is written in the
  // order's own transaction. (It used a second connection while the first was held, so once the
  // pool was in use by payments none could finish: the gateway timed all of them out.)
  const h = useOrdersHarness('orders_pay_pool', { DB_POOL_SIZE: '2' });

  it('every concurrent payment is accepted and applied', async () => {
    const orders = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const seller = await h.user();
        const buyer = await h.user();
        const res = await h.checkout(buyer, h.listing(seller.id).id);
        expect(res.status).toBe(201);
        return { buyer, orderId: res.body.id };
      }),
    );
    const paid = await Promise.all(orders.map((o) => h.pay(o.buyer, o.orderId, cards.ok())));
    expect(paid.map((r) => r.status)).toEqual(Array(6).fill(202));
    await h.drain();
    const states = await Promise.all(
      orders.map(async (o) => (await h.order(o.buyer, o.orderId)).body.status),
    );
    expect(states).toEqual(Array(6).fill('paid'));
  });
});
