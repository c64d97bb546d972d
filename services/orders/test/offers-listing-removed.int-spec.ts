import { type OfferView } from '@loadout/contracts';
import { OutboxPublisher, waitFor } from '@loadout/events/testing';
import { useOrdersHarness } from './support/orders-harness';
import { offersApi } from './support/offers';

jest.setTimeout(90_000);

/**
 * A listing its seller withdraws, or a moderator removes, cannot be bought: orders consumes
 * `listings.listing.removed.v1` (group `orders`) and closes every running offer on it with
 * `listing_removed` and its `orders.offer.closed.v1`, instead of leaving them to lapse after
 * 48 hours. An accepted offer is left alone (its order holds the item).
 */
describe('offers closed when their listing is removed', () => {
  const h = useOrdersHarness('orders_offers_removed', { LOG_LEVEL: 'error' });
  const offers = offersApi(h);
  let listings: OutboxPublisher;

  beforeAll(async () => {
    listings = await OutboxPublisher.start(h.db.url, 'listings');
    // The harness serves HTTP only; this file needs the `orders` consumer group too.
    await h.app.startAllMicroservices();
    const stop = h.stop.bind(h);
    h.stop = async () => {
      await listings?.close();
      await stop();
    };
  });

  const closedEvents = async (offerId: string) =>
    (
      (await h.ds.query(
        `SELECT envelope->'payload' AS payload FROM orders.outbox
          WHERE aggregate_id = $1 AND topic = 'orders.offer.closed.v1' ORDER BY seq`,
        [offerId],
      )) as { payload: Record<string, unknown> }[]
    ).map((r) => r.payload);

  const removed = (listingId: string, sellerId: string) =>
    listings.publish({
      type: 'listings.listing.removed.v1',
      aggregateId: listingId,
      payload: { listingId, sellerId, removedBy: 'owner', reason: null },
    });

  it('closes the open and countered offers with listing_removed, once, and leaves other listings alone', async () => {
    const seller = await h.user();
    const [a, b, c] = [await h.user(), await h.user(), await h.user()];
    const listing = h.listing(seller.id, { priceCents: 10_000, postageCents: 800 });
    const other = h.listing(seller.id, { priceCents: 5_000, postageCents: 800 });
    const offerA = (await offers.make(a, listing.id, 7_000)).body;
    const offerB = (await offers.make(b, listing.id, 6_000)).body;
    expect((await offers.act(seller, offerB.id, 'counter', { amountCents: 9_000 })).status).toBe(
      200,
    );
    const elsewhere = (await offers.make(c, other.id, 4_000)).body;

    await removed(listing.id, seller.id);
    await waitFor('both offers closed', async () => {
      const views = await Promise.all([offers.view(a, offerA.id), offers.view(b, offerB.id)]);
      return views.every((v) => (v.body as OfferView).status === 'closed');
    });

    for (const [buyer, offer] of [
      [a, offerA],
      [b, offerB],
    ] as const) {
      const view = (await offers.view(buyer, offer.id)).body;
      expect(view).toMatchObject({
        status: 'closed',
        closedReason: 'listing_removed',
        awaiting: null,
      });
      expect(view.steps.at(-1)).toMatchObject({ kind: 'closed', by: 'system' });
      const events = await closedEvents(offer.id);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        offerId: offer.id,
        buyerId: buyer.id,
        status: 'closed',
        reason: 'listing_removed',
      });
    }
    expect((await offers.view(c, elsewhere.id)).body.status).toBe('open');

    // Another removal event (a replay from the dead letters has a new delivery) closes nothing more.
    await removed(listing.id, seller.id);
    await waitFor('the second event handled', async () => {
      const rows = (await h.ds.query(`SELECT count(*)::int AS n FROM orders.inbox`)) as {
        n: number;
      }[];
      return rows[0]!.n >= 2;
    });
    expect(await closedEvents(offerA.id)).toHaveLength(1);
    expect(await closedEvents(offerB.id)).toHaveLength(1);
  });

  it('leaves an accepted offer as it is', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 10_000, postageCents: 800 });
    const offer = (await offers.make(buyer, listing.id, 8_000)).body;
    expect((await offers.accept(seller, offer.id)).status).toBe(200);
    const before = await h.ds.query(`SELECT count(*)::int AS n FROM orders.inbox`);

    await removed(listing.id, seller.id);
    await waitFor('the event handled', async () => {
      const rows = (await h.ds.query(`SELECT count(*)::int AS n FROM orders.inbox`)) as {
        n: number;
      }[];
      return rows[0]!.n > (before as { n: number }[])[0]!.n;
    });
    expect((await offers.view(buyer, offer.id)).body.status).toBe('accepted');
    expect(await closedEvents(offer.id)).toEqual([]);
  });
});
