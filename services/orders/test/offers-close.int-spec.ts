import { type OfferView } from '@loadout/contracts';
import { type ErrorBody, useOrdersHarness } from './support/orders-harness';
import { offersApi } from './support/offers';

jest.setTimeout(90_000);

/**
 * Issue 24 round 2 (ADR 0037): when an order takes the listing (an accepted offer, or a buyer
 * checking out at the asking price), every other running offer on it is closed in the
 * transaction that writes the order, with its reason and its `orders.offer.closed.v1`.
 */
describe('offers closed when another order takes the listing', () => {
  const h = useOrdersHarness('orders_offers_close');
  const offers = offersApi(h);

  const closedEvents = async (offerId: string) =>
    (
      (await h.ds.query(
        `SELECT envelope->'payload' AS payload FROM orders.outbox
          WHERE aggregate_id = $1 AND topic = 'orders.offer.closed.v1' ORDER BY seq`,
        [offerId],
      )) as { payload: Record<string, unknown> }[]
    ).map((r) => r.payload);

  const setUp = async () => {
    const seller = await h.user();
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    const listing = h.listing(seller.id, { priceCents: 10_000, postageCents: 800 });
    const offerA = (await offers.make(a, listing.id, 7_000)).body;
    const offerB = (await offers.make(b, listing.id, 6_000)).body;
    const offerC = (await offers.make(c, listing.id, 6_500)).body;
    // C's negotiation is at the buyer's turn (a counter): it closes all the same.
    expect((await offers.act(seller, offerC.id, 'counter', { amountCents: 9_000 })).status).toBe(
      200,
    );
    return { seller, a, b, c, listing, offerA, offerB, offerC };
  };

  it('accepting one offer closes the other running ones, with the reason and their event', async () => {
    const { seller, a, b, c, offerA, offerB, offerC } = await setUp();
    const accepted = await offers.accept(seller, offerA.id);
    expect(accepted.status).toBe(200);

    for (const [buyer, offer] of [
      [b, offerB],
      [c, offerC],
    ] as const) {
      const view = (await offers.view(buyer, offer.id)).body;
      expect(view).toMatchObject({
        status: 'closed',
        closedReason: 'other_offer_accepted',
        awaiting: null,
        orderId: null,
      });
      expect(view.steps.at(-1)).toMatchObject({ kind: 'closed', by: 'system' });
      const events = await closedEvents(offer.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        offerId: offer.id,
        buyerId: buyer.id,
        status: 'closed',
        reason: 'other_offer_accepted',
        by: 'system',
      });
      expect(events[0]).not.toHaveProperty('orderId');
    }
    expect((await offers.view(a, offerA.id)).body.status).toBe('accepted');
    expect(await closedEvents(offerA.id)).toEqual([]);

    // A closed offer can no longer be accepted, countered or withdrawn.
    const late = await offers.accept(c, offerC.id);
    expect(late.status).toBe(409);
    expect((late.body as unknown as ErrorBody).code).toBe('ORDERS.OFFER_CLOSED');
    const counter = await offers.act(seller, offerB.id, 'counter', { amountCents: 9_000 });
    expect(counter.status).toBe(409);
  });

  it('a checkout at the asking price closes the running offers: another buyer’s as reserved, the buyer’s own as bought', async () => {
    const { a, b, offerA, offerB, offerC, c, listing } = await setUp();
    const order = await h.checkout(a, listing.id);
    expect(order.status).toBe(201);
    expect((await offers.view(a, offerA.id)).body).toMatchObject({
      status: 'closed',
      closedReason: 'buyer_checked_out',
    });
    expect((await offers.view(b, offerB.id)).body).toMatchObject({
      status: 'closed',
      closedReason: 'reserved_by_checkout',
    });
    expect((await offers.view(c, offerC.id)).body.closedReason).toBe('reserved_by_checkout');
    expect((await closedEvents(offerB.id))[0]).toMatchObject({ reason: 'reserved_by_checkout' });
    expect((await closedEvents(offerA.id))[0]).toMatchObject({ reason: 'buyer_checked_out' });
  });

  it('a checkout that is refused (listing taken) closes nothing', async () => {
    const { b, offerA, offerB, seller, listing } = await setUp();
    expect((await offers.accept(seller, offerA.id)).status).toBe(200);
    const other = await h.user();
    const refused = await h.checkout(other, listing.id);
    expect(refused.status).toBe(409);
    // B's offer was closed once (by the accept), not a second time.
    expect(await closedEvents(offerB.id)).toHaveLength(1);
    expect((await offers.view(b, offerB.id)).body.closedReason).toBe('other_offer_accepted');
  });

  it('when the accepted offer’s order expires unpaid the listing is buyable again; closed offers stay closed and their buyers may offer again', async () => {
    const { seller, a, b, offerA, offerB, listing } = await setUp();
    const accepted = await offers.accept(seller, offerA.id);
    const orderId = accepted.body.orderId;
    expect(listing.status).toBe('reserved');

    await h.makeDue(orderId, 'expire_unpaid');
    await h.drain();
    expect((await h.order(a, orderId)).body.status).toBe('expired');
    expect(listing.status).toBe('active');

    expect((await offers.view(b, offerB.id)).body.status).toBe('closed');
    expect((await offers.view(a, offerA.id)).body.status).toBe('accepted');
    const again = await offers.make(b, listing.id, 6_200);
    expect(again.status).toBe(201);
    expect((again.body as OfferView).status).toBe('open');
    // …and anyone may buy it outright.
    const buyer = await h.user();
    expect((await h.checkout(buyer, listing.id)).status).toBe(201);
    expect((await offers.view(b, again.body.id)).body.closedReason).toBe('reserved_by_checkout');
  });
});
