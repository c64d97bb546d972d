import { type OfferView } from '@loadout/contracts';
import { type ErrorBody, useOrdersHarness } from './support/orders-harness';
import { offersApi } from './support/offers';

jest.setTimeout(60_000);

const CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

describe('offers', () => {
  const h = useOrdersHarness('orders_offers');
  const offers = offersApi(h);

  const parties = async (over = {}) => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 10_000, postageCents: 800, ...over });
    return { seller, buyer, listing };
  };

  it('offer → counter → accept creates the order at the agreed price, reserved for the buyer, and it pays that', async () => {
    const { seller, buyer, listing } = await parties();
    const made = await offers.make(buyer, listing.id, 7_000, { message: 'Would you take 70?' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: 'open',
      role: 'buyer',
      amountCents: 7_000,
      askingCents: 10_000,
      awaiting: 'seller',
      orderId: null,
      delivery: 'post',
    });
    expect(made.body).not.toHaveProperty('deliveryAddress');
    expect(listing.status).toBe('active');

    const countered = await offers.act(seller, made.body.id, 'counter', {
      amountCents: 8_500,
      message: '85 and it is yours',
    });
    expect(countered.status).toBe(200);
    expect(countered.body).toMatchObject({
      status: 'countered',
      amountCents: 8_500,
      awaiting: 'buyer',
      role: 'seller',
    });

    const accepted = await offers.accept(buyer, made.body.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.offer).toMatchObject({
      status: 'accepted',
      amountCents: 8_500,
      awaiting: null,
    });
    const orderId = accepted.body.orderId;
    expect(accepted.body.offer.orderId).toBe(orderId);
    expect(accepted.body.offer.steps.map((s) => [s.kind, s.by, s.amountCents])).toEqual([
      ['made', 'buyer', 7_000],
      ['countered', 'seller', 8_500],
      ['accepted', 'buyer', 8_500],
    ]);
    expect(listing.status).toBe('reserved');
    expect(listing.reservedOrderId).toBe(orderId);

    const order = await h.order(buyer, orderId);
    expect(order.body).toMatchObject({
      status: 'pending_payment',
      buyerId: buyer.id,
      sellerId: seller.id,
      amounts: { itemCents: 8_500, postageCents: 800, feeCents: 233, totalCents: 9_533 },
    });
    expect(order.body.deliveryAddress).toMatchObject({ town: expect.any(String) });
    expect(await h.topics(made.body.id)).toEqual([
      'orders.offer.made.v1',
      'orders.offer.countered.v1',
      'orders.offer.accepted.v1',
    ]);
    expect(await h.topics(orderId)).toEqual(['orders.order.created.v1']);

    const paid = await h.pay(buyer, orderId, CARD);
    expect(paid.status).toBe(202);
    await h.drain();
    const after = await h.order(buyer, orderId);
    expect(after.body.status).toBe('paid');
    expect(after.body.amounts.totalCents).toBe(9_533);
  });

  it('the seller accepting the offer itself makes the order at the offer, with the collection chosen', async () => {
    const { seller, buyer, listing } = await parties();
    const made = await offers.make(buyer, listing.id, 6_000, {
      delivery: 'collection',
      deliveryAddress: null,
    });
    expect(made.status).toBe(201);
    const accepted = await offers.accept(seller, made.body.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body.offer.role).toBe('seller');
    const order = await h.order(buyer, accepted.body.orderId);
    expect(order.body).toMatchObject({
      delivery: 'collection',
      amounts: { itemCents: 6_000, postageCents: 0, feeCents: 150, totalCents: 6_150 },
    });
    const event = (await h.ds.query(
      `SELECT envelope->'payload' AS payload FROM orders.outbox
        WHERE aggregate_id = $1 AND topic = 'orders.offer.accepted.v1'`,
      [made.body.id],
    )) as { payload: Record<string, unknown> }[];
    expect(event[0]!.payload).toMatchObject({
      offerId: made.body.id,
      orderId: accepted.body.orderId,
      amountCents: 6_000,
      by: 'seller',
      status: 'accepted',
    });
    expect(event[0]!.payload).not.toHaveProperty('deliveryAddress');
  });

  it('concurrent accepts of two offers on one listing: exactly one order', async () => {
    const { seller, listing } = await parties();
    const a = await h.user();
    const b = await h.user();
    const offerA = await offers.make(a, listing.id, 7_000);
    const offerB = await offers.make(b, listing.id, 7_500);
    h.listings.delayReserveMs = 100;
    try {
      const results = await Promise.all([
        offers.accept(seller, offerA.body.id),
        offers.accept(seller, offerB.body.id),
      ]);
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409]);
      const loser = results.find((r) => r.status === 409)!;
      expect((loser.body as unknown as ErrorBody).code).toBe('ORDERS.OFFER_LISTING_UNAVAILABLE');
      const winner = results.find((r) => r.status === 200)!;
      expect(await offers.ordersOfListing(listing.id)).toEqual([winner.body.orderId]);
      expect(listing.reservedOrderId).toBe(winner.body.orderId);
      // The winner's order closed the other offer in its transaction (ADR 0037).
      const losingId = winner.body.offer.id === offerA.body.id ? offerB.body.id : offerA.body.id;
      expect((await offers.view(seller, losingId)).body).toMatchObject({
        status: 'closed',
        closedReason: 'other_offer_accepted',
      });
    } finally {
      h.listings.delayReserveMs = 0;
    }
  });

  it('an offer expiring while it is being accepted: expired, no order, the listing released', async () => {
    const { seller, buyer, listing } = await parties();
    const made = await offers.make(buyer, listing.id, 7_000);
    h.listings.delayReserveMs = 400;
    try {
      const accepting = offers.accept(seller, made.body.id);
      // Wait until the reservation is made (its answer is held back), then the clock runs out.
      for (let i = 0; i < 100 && !h.listings.calls.some((c) => c.listingId === listing.id); i++)
        await new Promise((r) => setTimeout(r, 10));
      await offers.lapse(made.body.id);
      expect(await offers.expireDue()).toBe(1);
      const res = await accepting;
      expect(res.status).toBe(409);
      expect((res.body as unknown as ErrorBody).code).toBe('ORDERS.OFFER_CLOSED');
    } finally {
      h.listings.delayReserveMs = 0;
    }
    expect(await offers.ordersOfListing(listing.id)).toEqual([]);
    expect(listing.status).toBe('active');
    expect((await offers.view(buyer, made.body.id)).body.status).toBe('expired');
    expect(await h.topics(made.body.id)).toEqual([
      'orders.offer.made.v1',
      'orders.offer.expired.v1',
    ]);
  });

  it('accept and the expiry racing, ten times: always exactly one outcome', async () => {
    for (let i = 0; i < 10; i++) {
      const { seller, buyer, listing } = await parties();
      const made = await offers.make(buyer, listing.id, 7_000);
      const far = new Date(Date.now() + 100 * 3_600_000);
      const [res] = await Promise.all([offers.accept(seller, made.body.id), offers.expireDue(far)]);
      const offer = (await offers.view(buyer, made.body.id)).body;
      const orders = await offers.ordersOfListing(listing.id);
      if (res.status === 200) {
        expect(offer.status).toBe('accepted');
        expect(orders).toEqual([res.body.orderId]);
        expect(listing.status).toBe('reserved');
      } else {
        expect(res.status).toBe(409);
        expect(offer.status).toBe('expired');
        expect(orders).toEqual([]);
        expect(listing.status).toBe('active');
      }
    }
  });

  it('the expirer ends offers and counters whose 48 h passed, once, with their event', async () => {
    const { seller, buyer, listing } = await parties();
    const made = await offers.make(buyer, listing.id, 7_000);
    expect(await offers.expireDue()).toBe(0);
    await offers.act(seller, made.body.id, 'counter', { amountCents: 9_000 });
    await offers.lapse(made.body.id);
    // Lapsed but not yet swept: refused all the same.
    const late = await offers.accept(buyer, made.body.id);
    expect(late.status).toBe(409);
    expect((late.body as unknown as ErrorBody).code).toBe('ORDERS.OFFER_EXPIRED');
    expect(await offers.expireDue()).toBe(1);
    expect(await offers.expireDue()).toBe(0);
    expect((await offers.view(seller, made.body.id)).body.status).toBe('expired');
    expect(await h.topics(made.body.id)).toEqual([
      'orders.offer.made.v1',
      'orders.offer.countered.v1',
      'orders.offer.expired.v1',
    ]);
    // The buyer may make a new offer now.
    expect((await offers.make(buyer, listing.id, 7_500)).status).toBe(201);
  });

  it('decline and withdraw end the negotiation with their events', async () => {
    const { seller, buyer, listing } = await parties();
    const first = await offers.make(buyer, listing.id, 7_000);
    const declined = await offers.act(seller, first.body.id, 'decline');
    expect(declined.body).toMatchObject({ status: 'declined', awaiting: null });
    const second = await offers.make(buyer, listing.id, 7_200);
    expect(second.status).toBe(201);
    const withdrawn = await offers.act(buyer, second.body.id, 'withdraw');
    expect(withdrawn.body.status).toBe('withdrawn');
    const again = await offers.act(seller, second.body.id, 'accept');
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorBody).code).toBe('ORDERS.OFFER_CLOSED');
    expect(await h.topics(first.body.id)).toEqual([
      'orders.offer.made.v1',
      'orders.offer.declined.v1',
    ]);
    expect(await h.topics(second.body.id)).toEqual([
      'orders.offer.made.v1',
      'orders.offer.withdrawn.v1',
    ]);
    expect(await offers.ordersOfListing(listing.id)).toEqual([]);
  });

  it('refuses the own listing, below the minimum, at the asking price, a second running offer, and bad input', async () => {
    const { seller, buyer, listing } = await parties();
    const own = await offers.make(seller, listing.id, 7_000);
    expect(own.status).toBe(409);
    expect((own.body as unknown as ErrorBody).code).toBe('ORDERS.OFFER_OWN_LISTING');

    const low = await offers.make(buyer, listing.id, 4_999);
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({
      code: 'ORDERS.OFFER_BELOW_MINIMUM',
      details: { field: 'amountCents', minimumCents: 5_000 },
    });
    const full = await offers.make(buyer, listing.id, 10_000);
    expect((full.body as unknown as ErrorBody).code).toBe('ORDERS.OFFER_NOT_BELOW_PRICE');

    expect((await offers.make(buyer, listing.id, 5_000)).status).toBe(201);
    const second = await offers.make(buyer, listing.id, 6_000);
    expect(second.status).toBe(409);
    expect((second.body as unknown as ErrorBody).code).toBe('ORDERS.OFFER_ALREADY_OPEN');

    const other = await h.user();
    for (const body of [
      { amountCents: 60.5 },
      { amountCents: '6000' },
      { amountCents: -1 },
      { message: 'x'.repeat(1_001) },
      { delivery: 'drone' },
      { deliveryAddress: null },
      { delivery: 'collection' },
      { listingId: 'x'.repeat(37) },
    ]) {
      const res = await offers.make(other, listing.id, 6_000, body);
      expect([res.status, (res.body as unknown as ErrorBody).code]).toEqual([
        400,
        expect.any(String),
      ]);
    }
    const gone = await offers.make(other, 'no-such-listing', 6_000);
    expect(gone.status).toBe(404);
    const sold = h.listing(seller.id, { status: 'sold' });
    expect((await offers.make(other, sold.id, 6_000)).status).toBe(409);
  });

  it('one running offer even when the same buyer sends two at once', async () => {
    const { buyer, listing } = await parties();
    const results = await Promise.all([
      offers.make(buyer, listing.id, 6_000),
      offers.make(buyer, listing.id, 6_100),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.offers WHERE listing_id = $1 AND status = 'open'`,
      [listing.id],
    )) as { n: number }[];
    expect(rows[0]!.n).toBe(1);
  });

  it('only its buyer and seller see or touch an offer: anyone else, admins too, 404; the wrong party 403', async () => {
    const { seller, buyer, listing } = await parties();
    const made = await offers.make(buyer, listing.id, 7_000);
    const stranger = await h.user();
    const admin = await h.user(['user', 'admin']);
    for (const who of [stranger, admin]) {
      expect((await offers.view(who, made.body.id)).status).toBe(404);
      for (const action of ['accept', 'decline', 'withdraw'])
        expect((await offers.act(who, made.body.id, action)).status).toBe(404);
      expect((await offers.act(who, made.body.id, 'counter', { amountCents: 9_000 })).status).toBe(
        404,
      );
    }
    const self = await offers.act(buyer, made.body.id, 'accept');
    expect(self.status).toBe(403);
    expect((self.body as unknown as ErrorBody).code).toBe('ORDERS.OFFER_NOT_ALLOWED');
    expect((await offers.act(seller, made.body.id, 'withdraw')).status).toBe(403);
    expect((await offers.view(buyer, 'no-such-offer')).status).toBe(404);
    expect((await h.call(`/api/v1/offers/${made.body.id}`)).status).toBe(401);
    expect((await h.call('/api/v1/offers', { json: {} })).status).toBe(401);
  });

  it('lists sent and received offers by role', async () => {
    const { seller, buyer, listing } = await parties();
    const made = await offers.make(buyer, listing.id, 7_000);
    const ids = (r: { body: { items: OfferView[] } }) => r.body.items.map((o) => o.id);
    expect(ids(await offers.list(buyer, 'buyer'))).toEqual([made.body.id]);
    expect(ids(await offers.list(buyer, 'seller'))).toEqual([]);
    const received = await offers.list(seller, 'seller');
    expect(ids(received)).toEqual([made.body.id]);
    expect(received.body.items[0]!.role).toBe('seller');
    expect(ids(await offers.list(seller))).toEqual([made.body.id]);
    expect((await offers.list(seller, 'admin')).status).toBe(400);
  });

  it('an Idempotency-Key repeat answers the same offer instead of a second one', async () => {
    const { buyer, listing } = await parties();
    const first = await offers.make(buyer, listing.id, 7_000, {}, 'offer-key-1');
    const again = await offers.make(buyer, listing.id, 7_000, {}, 'offer-key-1');
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('documents every offers route in the OpenAPI document the gateway merges', async () => {
    const doc = await h.call<{ paths: Record<string, Record<string, unknown>> }>('/openapi.json');
    expect(doc.status).toBe(200);
    const routes = Object.entries(doc.body.paths)
      .filter(([p]) => p.startsWith('/api/v1/offers'))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    expect(routes).toEqual([
      'GET /api/v1/offers',
      'GET /api/v1/offers/{id}',
      'POST /api/v1/offers',
      'POST /api/v1/offers/{id}/accept',
      'POST /api/v1/offers/{id}/counter',
      'POST /api/v1/offers/{id}/decline',
      'POST /api/v1/offers/{id}/withdraw',
    ]);
  });
});
