import { type ErrorBody, paidOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

describe('ship order', () => {
  const h = useOrdersHarness('orders_ship');

  it('lets the seller mark it shipped with carrier and tracking; release is due in 14 days', async () => {
    const { seller, buyer, orderId } = await paidOrder(h);
    const res = await h.action(seller, orderId, 'ship', {
      carrier: 'An Post',
      trackingNumber: 'CX123456789IE',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'shipped',
      carrier: 'An Post',
      trackingNumber: 'CX123456789IE',
      handedOverInPerson: false,
      shipBy: null,
    });
    const days =
      (Date.parse(res.body.autoReleaseAt!) - Date.parse(res.body.shippedAt!)) / 86_400_000;
    expect(days).toBe(14);
    const jobs = (await h.ds.query(
      `SELECT kind, day FROM orders.jobs WHERE order_id = $1 AND done_at IS NULL ORDER BY due_at`,
      [orderId],
    )) as { kind: string; day: number }[];
    expect(jobs).toEqual([
      { kind: 'release_reminder', day: 7 },
      { kind: 'release_reminder', day: 12 },
      { kind: 'auto_release', day: 0 },
    ]);
    expect((await h.order(buyer, orderId)).body.status).toBe('shipped');
    expect(await h.topics(orderId)).toContain('orders.order.shipped.v1');
  });

  it('answers ship and confirm with the whole timeline, as the order page reads it', async () => {
    const { seller, buyer, orderId } = await paidOrder(h);
    const shipped = await h.action(seller, orderId, 'ship', { handedOverInPerson: true });
    expect(shipped.status).toBe(200);
    expect(shipped.body.timeline.map((t) => t.status)).toEqual([
      'pending_payment',
      'paid',
      'shipped',
    ]);
    expect(shipped.body.timeline).toEqual((await h.order(seller, orderId)).body.timeline);
    const confirmed = await h.action(buyer, orderId, 'confirm-delivery', {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.timeline.map((t) => t.status)).toEqual([
      'pending_payment',
      'paid',
      'shipped',
      'completed',
    ]);
    expect(confirmed.body.timeline).toEqual((await h.order(buyer, orderId)).body.timeline);
  });

  it('accepts "handed over in person"', async () => {
    const { seller, orderId } = await paidOrder(h);
    const res = await h.action(seller, orderId, 'ship', { handedOverInPerson: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ handedOverInPerson: true, carrier: null });
  });

  it('wants carrier and tracking number otherwise', async () => {
    const { seller, orderId } = await paidOrder(h);
    const res = await h.action(seller, orderId, 'ship', { carrier: 'An Post' });
    expect(res.status).toBe(400);
    expect((res.body as unknown as ErrorBody).code).toBe('ORDERS.SHIPPING_DETAILS_REQUIRED');
  });

  it('refuses the buyer, a stranger, and an unpaid order', async () => {
    const { buyer, orderId } = await paidOrder(h);
    const stranger = await h.user();
    const byBuyer = await h.action(buyer, orderId, 'ship', { handedOverInPerson: true });
    expect(byBuyer.status).toBe(403);
    expect((byBuyer.body as unknown as ErrorBody).code).toBe('ORDERS.NOT_ALLOWED');
    expect((await h.action(stranger, orderId, 'ship', { handedOverInPerson: true })).status).toBe(
      404,
    );

    const seller = await h.user();
    const b2 = await h.user();
    const l = h.listing(seller.id);
    const pending = await h.checkout(b2, l.id);
    const res = await h.action(seller, pending.body.id, 'ship', { handedOverInPerson: true });
    expect(res.status).toBe(409);
    expect(res.body as unknown as ErrorBody).toMatchObject({
      code: 'ORDERS.ILLEGAL_TRANSITION',
      message: 'This order is waiting for payment, so it cannot be marked as shipped.',
    });
  });
});
