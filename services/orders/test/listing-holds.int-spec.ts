import {
  INTERNAL_TOKEN,
  paidOrder,
  shippedOrder,
  useOrdersHarness,
} from './support/orders-harness';

jest.setTimeout(60_000);

/**
 * Issue 23 scenario 1, orders' side: listings' reservation sweep asks
 * `POST /internal/orders/listing-holds` what to do with listings reserved for these orders.
 */
describe('POST /internal/orders/listing-holds', () => {
  const h = useOrdersHarness('orders_listing_holds', { ORDERS_CHECKOUT_INTENT_TTL_SECONDS: '2' });

  const ask = (orderIds: string[], token = INTERNAL_TOKEN) =>
    h.call<{ holds: Record<string, string> }>('/internal/orders/listing-holds', {
      json: { orderIds },
      headers: { 'x-internal-token': token },
    });

  it('scenario 1: release for an order never written, hold while open, sell once it changed hands', async () => {
    const open = await paidOrder(h);
    const done = await shippedOrder(h);
    await h.action(done.buyer, done.orderId, 'confirm-delivery');
    const seller = await h.user();
    const buyer = await h.user();
    const cancelled = (await h.checkout(buyer, h.listing(seller.id).id)).body;
    await h.action(buyer, cancelled.id, 'cancel');

    const res = await ask(['neverwritten00000001', open.orderId, done.orderId, cancelled.id]);

    expect(res.status).toBe(200);
    expect(res.body.holds).toEqual({
      neverwritten00000001: 'release',
      [open.orderId]: 'hold',
      [done.orderId]: 'sell',
      [cancelled.id]: 'release',
    });
  });

  it('scenario 1: a checkout still writing holds; once judged dead it can no longer commit', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    // A checkout whose reservation answered but whose order is not written yet.
    h.listings.delayReserveMs = 4_000;
    const checkout = h.checkout(buyer, listing.id);
    let intent: { orderId: string } | undefined;
    for (let i = 0; i < 50 && !intent; i++) {
      await new Promise((r) => setTimeout(r, 50));
      [intent] = (await h.ds.query(
        `SELECT order_id AS "orderId" FROM orders.checkout_intents`,
      )) as { orderId: string }[];
    }
    expect((await ask([intent!.orderId])).body.holds[intent!.orderId]).toBe('hold');
    await new Promise((r) => setTimeout(r, 2_500)); // past the intent's time to live
    expect((await ask([intent!.orderId])).body.holds[intent!.orderId]).toBe('release');

    const res = await checkout;
    h.listings.delayReserveMs = 0;
    expect(res.status).toBe(409);
    expect(listing.status).toBe('active');
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.orders WHERE listing_id = $1`,
      [listing.id],
    )) as { n: number }[];
    expect(n).toBe(0);
  });

  it('is for services only: a wrong token gets 401, a bad body 400', async () => {
    expect((await ask(['x'], 'wrong-token-0123456789abc')).status).toBe(401);
    expect((await ask([])).status).toBe(400);
    expect((await ask(Array.from({ length: 201 }, (_, i) => `o${i}`))).status).toBe(400);
  });
});
