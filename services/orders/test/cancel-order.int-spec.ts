import {
  type ErrorBody,
  paidOrder,
  shippedOrder,
  useOrdersHarness,
} from './support/orders-harness';

jest.setTimeout(60_000);

describe('cancel order', () => {
  const h = useOrdersHarness('orders_cancel');

  it('lets the buyer cancel an unpaid order; the listing is freed', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    const order = (await h.checkout(buyer, listing.id)).body;

    const res = await h.action(buyer, order.id, 'cancel', { reason: 'Changed my mind' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', cancelReason: 'Changed my mind' });
    await h.drain();
    expect(listing.status).toBe('active');
    expect(await h.topics(order.id)).toEqual([
      'orders.order.created.v1',
      'orders.order.cancelled.v1',
    ]);
  });

  it('refunds a paid order in full, fee included, when the seller cancels', async () => {
    const { seller, buyer, orderId, listing } = await paidOrder(h);

    const res = await h.action(seller, orderId, 'cancel', {});

    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
    const refund = (await h.ds.query(
      `SELECT p.account, p.amount_cents::int AS cents FROM orders.ledger_postings p
         JOIN orders.ledger_entries e ON e.id = p.entry_id
        WHERE e.order_id = $1 AND e.kind = 'refund' ORDER BY p.id`,
      [orderId],
    )) as { account: string; cents: number }[];
    expect(refund).toEqual([
      { account: 'escrow_held', cents: -13_120 },
      { account: 'refund_pending', cents: 13_120 },
    ]);
    await h.drain(); // refund call + the processor's refund.succeeded + listing release
    expect(listing.status).toBe('active');
    expect(await h.topics(orderId)).toEqual([
      'orders.order.created.v1',
      'orders.order.paid.v1',
      'orders.order.cancelled.v1',
      'orders.order.refunded.v1',
    ]);
    const [event] = (await h.ds.query(
      `SELECT envelope FROM orders.outbox WHERE aggregate_id = $1 AND topic = 'orders.order.refunded.v1'`,
      [orderId],
    )) as { envelope: { payload: { refundedCents: number; full: boolean } } }[];
    expect(event!.envelope.payload).toMatchObject({ refundedCents: 13_120, full: true });
    expect((await h.order(buyer, orderId)).body.status).toBe('cancelled');
  });

  it('refuses to cancel after shipping', async () => {
    const { buyer, orderId } = await shippedOrder(h);
    const res = await h.action(buyer, orderId, 'cancel', {});
    expect(res.status).toBe(409);
    expect(res.body as unknown as ErrorBody).toMatchObject({
      code: 'ORDERS.ILLEGAL_TRANSITION',
      message: 'This order has been shipped, so it cannot be cancelled.',
    });
  });

  it('hides the order from strangers (404)', async () => {
    const { orderId } = await paidOrder(h);
    const stranger = await h.user();
    const res = await h.action(stranger, orderId, 'cancel', {});
    expect(res.status).toBe(404);
    expect((res.body as unknown as ErrorBody).code).toBe('ORDERS.NOT_FOUND');
  });
});
