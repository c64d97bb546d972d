import { type OrderView } from '@loadout/contracts';
import { type ErrorBody, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

describe('checkout', () => {
  const h = useOrdersHarness('orders_checkout');

  it('creates a pending order with the listing reserved, amounts copied and the fee on top', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 12_000, postageCents: 800 });

    const res = await h.checkout(buyer, listing.id, 'post');

    expect(res.status).toBe(201);
    const order = res.body;
    expect(order).toMatchObject({
      listingId: listing.id,
      buyerId: buyer.id,
      sellerId: seller.id,
      status: 'pending_payment',
      delivery: 'post',
      currency: 'eur',
      amounts: {
        itemCents: 12_000,
        postageCents: 800,
        feeCents: 320,
        totalCents: 13_120,
        sellerReceivesCents: 12_800,
      },
      listing: { title: listing.title, sellerDisplayName: 'Test Seller', sellerType: 'private' },
      shipBy: null,
      autoReleaseAt: null,
    });
    const payBy = new Date(order.payBy!).getTime() - new Date(order.createdAt).getTime();
    expect(payBy).toBe(30 * 60_000);
    expect(order.timeline).toEqual([
      expect.objectContaining({ status: 'pending_payment', actor: 'buyer' }),
    ]);
    expect(listing.status).toBe('reserved');
    expect(listing.reservedOrderId).toBe(order.id);
    expect(await h.topics(order.id)).toEqual(['orders.order.created.v1']);
  });

  it('charges no postage for collection', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 4_550 });
    const res = await h.checkout(buyer, listing.id, 'collection');
    expect(res.status).toBe(201);
    expect(res.body.amounts).toEqual({
      itemCents: 4_550,
      postageCents: 0,
      feeCents: 114,
      totalCents: 4_664,
      sellerReceivesCents: 4_550,
    });
  });

  it('keeps the checkout price when the listing price changes later', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 10_000 });
    const res = await h.checkout(buyer, listing.id);
    listing.priceCents = 99_000;
    const again = await h.order(buyer, res.body.id);
    expect(again.body.amounts.itemCents).toBe(10_000);
  });

  it('scenario 11: the order is made of the listing as the reservation read it (ADR 0056)', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 5_000, postageCents: 800 });
    // The seller edits the listing just before the reservation takes its lock.
    h.listings.beforeReserve = (l) => {
      l.priceCents = 9_000;
      l.postageCents = 1_200;
    };
    const res = await h.checkout(buyer, listing.id, 'post').finally(() => {
      h.listings.beforeReserve = null;
    });
    expect(res.status).toBe(201);
    expect(res.body.amounts).toMatchObject({ itemCents: 9_000, postageCents: 1_200 });
    expect(listing.status).toBe('reserved');
    // One call to listings, the reserve: checkout reads nothing else there.
    expect(h.listings.calls.filter((c) => c.listingId === listing.id)).toEqual([
      { command: 'reserve', listingId: listing.id, orderId: res.body.id },
    ]);
    expect(h.listings.reads).not.toContain(listing.id);
  });

  it('refuses your own listing', async () => {
    const seller = await h.user();
    const listing = h.listing(seller.id);
    const res = await h.checkout(seller, listing.id);
    expect(res.status).toBe(409);
    expect(res.body as unknown as ErrorBody).toMatchObject({
      code: 'ORDERS.OWN_LISTING',
      message: 'You cannot buy your own listing.',
    });
    expect(listing.status).toBe('active');
  });

  it('refuses a sold, a draft or a removed listing, and an unknown id', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const sold = h.listing(seller.id, { status: 'sold' });
    const draft = h.listing(seller.id, { status: 'draft' });
    const removed = h.listing(seller.id, { status: 'removed' });
    const r1 = await h.checkout(buyer, sold.id);
    expect(r1.status).toBe(409);
    expect(r1.body as unknown as ErrorBody).toMatchObject({
      code: 'ORDERS.LISTING_UNAVAILABLE',
      message: 'This item is no longer available',
    });
    for (const id of [draft.id, removed.id, 'no-such-listing']) {
      const r = await h.checkout(buyer, id);
      expect(r.status).toBe(404);
      expect((r.body as unknown as ErrorBody).code).toBe('ORDERS.LISTING_NOT_FOUND');
    }
  });

  it('refuses a delivery the seller does not offer', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const postOnly = h.listing(seller.id, { collection: false });
    const collectOnly = h.listing(seller.id, { postageCents: null });
    const a = await h.checkout(buyer, postOnly.id, 'collection');
    const b = await h.checkout(buyer, collectOnly.id, 'post');
    expect([a.status, b.status]).toEqual([400, 400]);
    expect((a.body as unknown as ErrorBody).code).toBe('ORDERS.DELIVERY_UNAVAILABLE');
    expect(postOnly.status).toBe('active');
  });

  it('validates the body with a readable message', async () => {
    const buyer = await h.user();
    const res = await h.call<ErrorBody>('/api/v1/orders', {
      token: buyer.token,
      json: { listingId: 'x', delivery: 'drone' },
    });
    expect(res.status).toBe(400);
    expect(res.body.requestId).toBeTruthy();
  });

  it('needs a signed-in user', async () => {
    const res = await h.call<ErrorBody>('/api/v1/orders', {
      json: { listingId: 'x', delivery: 'post' },
    });
    expect(res.status).toBe(401);
  });

  it('answers a repeated checkout of the same buyer with the same order', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    const first = await h.checkout(buyer, listing.id);
    const second = await h.checkout(buyer, listing.id);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
  });

  it('issue 23 (ADR 0049): a buyer whose reserve answer was lost retries and gets the order; another buyer 409', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const other = await h.user();
    const listing = h.listing(seller.id);
    h.listings.loseReserveAnswers = 1;
    const lost = await h.checkout(buyer, listing.id);
    expect(h.listings.loseReserveAnswers).toBe(0); // the reserve was applied, its answer lost
    expect(lost.status).toBe(503);
    expect(listing.status).toBe('reserved');

    const retry = await h.checkout(buyer, listing.id);
    expect(retry.status).toBe(201);
    const order = retry.body;
    expect(order).toMatchObject({ status: 'pending_payment', listingId: listing.id });
    // One reservation: the first attempt's, for the order now written.
    expect(listing.reservedOrderId).toBe(order.id);
    const reserves = h.listings.calls.filter(
      (c) => c.listingId === listing.id && c.command === 'reserve',
    );
    expect(new Set(reserves.map((c) => c.orderId))).toEqual(new Set([order.id]));
    expect(
      h.listings.calls.filter((c) => c.listingId === listing.id && c.command === 'release'),
    ).toEqual([]);

    const theirs = await h.checkout(other, listing.id);
    expect(theirs.status).toBe(409);
    expect((theirs.body as unknown as ErrorBody).code).toBe('ORDERS.LISTING_UNAVAILABLE');
    const rows = (await h.ds.query(
      `SELECT id, buyer_id AS "buyerId" FROM orders.orders WHERE listing_id = $1`,
      [listing.id],
    )) as { id: string; buyerId: string }[];
    expect(rows).toEqual([{ id: order.id, buyerId: buyer.id }]);
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.checkout_intents WHERE listing_id = $1`,
      [listing.id],
    )) as { n: number }[];
    expect(n).toBe(0);
  });

  it('issue 23 (ADR 0049): two retries at once after a lost answer write one order and keep the reservation', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    h.listings.loseReserveAnswers = 1;
    expect((await h.checkout(buyer, listing.id)).status).toBe(503);

    const [a, b] = await Promise.all([
      h.checkout(buyer, listing.id),
      h.checkout(buyer, listing.id),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(listing.status).toBe('reserved');
    expect(listing.reservedOrderId).toBe(a.body.id);
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.orders WHERE listing_id = $1`,
      [listing.id],
    )) as { n: number }[];
    expect(n).toBe(1);
  });

  it('lets exactly one of 20 concurrent buyers win; the others get 409', async () => {
    const seller = await h.user();
    const listing = h.listing(seller.id);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => h.user()));

    const results = await Promise.all(buyers.map((b) => h.checkout(b, listing.id)));

    const won = results.filter((r) => r.status === 201);
    const lost = results.filter((r) => r.status === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const r of lost)
      expect(r.body as unknown as ErrorBody).toMatchObject({
        code: 'ORDERS.LISTING_UNAVAILABLE',
        message: 'This item is no longer available',
      });
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.orders WHERE listing_id = $1`,
      [listing.id],
    )) as { n: number }[];
    expect(n).toBe(1);
    expect(listing.reservedOrderId).toBe((won[0]!.body as OrderView).id);
  });

  it('answers 503 with a sentence when listings cannot be reached, and creates nothing', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    h.listings.failing = true;
    try {
      const res = await h.checkout(buyer, listing.id);
      expect(res.status).toBe(503);
      expect((res.body as unknown as ErrorBody).code).toBe('ORDERS.LISTINGS_UNREACHABLE');
    } finally {
      h.listings.failing = false;
    }
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.orders WHERE listing_id = $1`,
      [listing.id],
    )) as { n: number }[];
    expect(n).toBe(0);
  });
});
