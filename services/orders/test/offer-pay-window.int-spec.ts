import { useOrdersHarness } from './support/orders-harness';
import { offersApi } from './support/offers';

jest.setTimeout(90_000);

const CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

/**
 * The pay window of an accepted offer's order (ADR 0037): the order's own unpaid window
 * (`ORDERS_PAY_WITHIN_SECONDS`, 30 min, docs/domain.md); the accepted event names the pay-by
 * time, the buyer is reminded half-way through, and unpaid the order expires and frees the listing.
 */
describe('an accepted offer’s pay window', () => {
  const h = useOrdersHarness('orders_offer_pay_window');
  const offers = offersApi(h);

  const accepted = async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 10_000, postageCents: 800 });
    const made = (await offers.make(buyer, listing.id, 7_000)).body;
    const res = await offers.accept(seller, made.id);
    expect(res.status).toBe(200);
    expect(res.body.offer).toMatchObject({
      orderStatus: 'pending_payment',
      payBy: expect.any(String),
    });
    return { seller, buyer, listing, offerId: made.id, orderId: res.body.orderId };
  };

  const payloads = async (offerId: string, topic: string) =>
    (
      (await h.ds.query(
        `SELECT envelope->'payload' AS payload FROM orders.outbox
          WHERE aggregate_id = $1 AND topic = $2 ORDER BY seq`,
        [offerId, topic],
      )) as { payload: Record<string, unknown> }[]
    ).map((r) => r.payload);

  it('the order has the 30-minute window, the accepted event names it, and a reminder is due half-way', async () => {
    const { seller, buyer, offerId, orderId } = await accepted();
    const order = (await h.order(buyer, orderId)).body;
    const created = new Date(order.createdAt).getTime();
    expect(new Date(order.payBy!).getTime() - created).toBe(30 * 60_000);
    expect((await payloads(offerId, 'orders.offer.accepted.v1'))[0]).toMatchObject({
      orderId,
      payBy: order.payBy,
    });
    const jobs = (await h.ds.query(
      `SELECT kind, ref, due_at FROM orders.jobs WHERE order_id = $1 AND done_at IS NULL ORDER BY due_at`,
      [orderId],
    )) as { kind: string; ref: string; due_at: Date }[];
    expect(jobs.map((j) => [j.kind, j.ref])).toEqual([
      ['offer_pay_reminder', offerId],
      ['expire_unpaid', ''],
    ]);
    expect(jobs[0]!.due_at.getTime() - created).toBe(15 * 60_000);
    // The offer shows its order's state and deadline to both parties.
    for (const who of [buyer, seller]) {
      const view = (await offers.view(who, offerId)).body;
      expect(view).toMatchObject({ orderStatus: 'pending_payment', payBy: order.payBy });
    }
  });

  it('unpaid: the buyer is reminded once, then the order expires and the listing is buyable again', async () => {
    const { buyer, listing, offerId, orderId } = await accepted();
    const order = (await h.order(buyer, orderId)).body;
    await h.makeDue(orderId, 'offer_pay_reminder');
    await h.drain();
    const reminders = await payloads(offerId, 'orders.offer.pay_reminder.v1');
    expect(reminders).toEqual([
      expect.objectContaining({
        offerId,
        orderId,
        buyerId: buyer.id,
        listingTitle: order.listing.title,
        totalCents: order.amounts.totalCents,
        payBy: order.payBy,
        status: 'accepted',
      }),
    ]);
    await h.makeDue(orderId, 'offer_pay_reminder');
    await h.drain();
    expect(await payloads(offerId, 'orders.offer.pay_reminder.v1')).toHaveLength(1);

    await h.makeDue(orderId, 'expire_unpaid');
    await h.drain();
    expect((await h.order(buyer, orderId)).body.status).toBe('expired');
    expect(listing.status).toBe('active');
    const listed = (await offers.list(buyer, 'buyer')).body.items.find((o) => o.id === offerId);
    expect(listed).toMatchObject({ status: 'accepted', orderStatus: 'expired', payBy: null });
    const other = await h.user();
    expect((await h.checkout(other, listing.id)).status).toBe(201);
  });

  it('paid before the reminder: no reminder', async () => {
    const { buyer, offerId, orderId } = await accepted();
    expect((await h.pay(buyer, orderId, CARD)).status).toBe(202);
    await h.drain();
    expect((await h.order(buyer, orderId)).body.status).toBe('paid');
    await h.makeDue(orderId, 'offer_pay_reminder');
    await h.drain();
    expect(await payloads(offerId, 'orders.offer.pay_reminder.v1')).toEqual([]);
  });
});
