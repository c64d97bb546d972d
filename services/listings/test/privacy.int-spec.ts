import { type ListingDto, type ServiceDataExport } from '@loadout/contracts';
import { newId } from '@loadout/db';
import { waitFor } from '@loadout/events/testing';
import { buildListing } from './factories/listing.factory';
import { INTERNAL_TOKEN, useListingsApp } from './support/listings-harness';

jest.setTimeout(90_000);

/** Issue 26 GDPR self-service (ADR 0039): listings' export and a deleted account's erasure. */
describe('listings privacy', () => {
  const h = useListingsApp();

  const statusOf = async (id: string) =>
    (
      (await h.ds.query(`SELECT status, thumb_url FROM listings.listings WHERE id = $1`, [id])) as {
        status: string;
        thumb_url: string | null;
      }[]
    )[0];

  it('exports only to the user themselves: listings, drafts, favourites', async () => {
    const seller = await h.newSeller();
    const other = await h.newSeller();
    const listing = await h.create(seller.token);
    const draft = await h.create(seller.token, { ...buildListing(), publish: false });
    const theirs = await h.create(other.token);
    expect(
      (await h.call(`/api/v1/favorites/${theirs.id}`, { method: 'PUT', token: seller.token }))
        .status,
    ).toBe(200);

    expect((await h.call(`/internal/users/${seller.id}/export`)).status).toBe(401);
    const refused = await h.call<{ code: string }>(`/internal/users/${seller.id}/export`, {
      token: other.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('LISTINGS.NOT_YOUR_DATA');

    const res = await h.call<ServiceDataExport>(`/internal/users/${seller.id}/export`, {
      token: seller.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.service).toBe('listings');
    const listings = res.body.data['listings'] as Array<{ id: string; title: string }>;
    expect(listings.map((l) => l.id).sort()).toEqual([listing.id, draft.id].sort());
    expect(listings.find((l) => l.id === listing.id)?.title).toBe(listing.title);
    expect(res.body.data['favourites']).toEqual([
      expect.objectContaining({ listingId: theirs.id, title: theirs.title }),
    ]);
  });

  it("withdraws a deleted seller's offered listings, keeps reserved ones, drops favourites, once", async () => {
    const seller = await h.newSeller('Sniper Joe');
    const fan = await h.newSeller();
    const active = await h.create(seller.token);
    const draft = await h.create(seller.token, { ...buildListing(), publish: false });
    const reserved = await h.create(seller.token);
    const orderId = newId();
    expect(
      (
        await h.call<ListingDto>(`/internal/listings/${reserved.id}/reserve`, {
          method: 'POST',
          internal: INTERNAL_TOKEN,
          json: { orderId },
        })
      ).status,
    ).toBe(200);
    const liked = await h.create(fan.token);
    await h.call(`/api/v1/favorites/${liked.id}`, { method: 'PUT', token: seller.token });
    await h.call(`/api/v1/favorites/${active.id}`, { method: 'PUT', token: fan.token });
    const favCount = async (id: string) =>
      (
        (await h.ds.query(`SELECT favorite_count FROM listings.listings WHERE id = $1`, [id])) as {
          favorite_count: number;
        }[]
      )[0].favorite_count;
    expect(await favCount(liked.id)).toBe(1);
    await h.identity.publish({
      type: 'identity.user.registered.v1',
      aggregateId: seller.id,
      payload: {
        userId: seller.id,
        email: 'joe@example.test',
        username: 'sniper_joe',
        fullName: 'Joe Bloggs',
        sellerType: 'private',
      },
    });
    const cardOf = async () =>
      (await h.ds.query(`SELECT username, display_name FROM listings.sellers WHERE id = $1`, [
        seller.id,
      ])) as { username: string; display_name: string }[];
    await waitFor('seller card', async () => (await cardOf()).length === 1);

    const deletion = {
      type: 'identity.user.deleted.v1' as const,
      aggregateId: seller.id,
      payload: { userId: seller.id, deletedAt: new Date().toISOString() },
    };
    await h.identity.publish(deletion);
    await waitFor(
      'listings withdrawn',
      async () => (await statusOf(active.id)).status === 'removed',
    );

    expect((await statusOf(draft.id)).status).toBe('removed');
    expect((await statusOf(reserved.id)).status).toBe('reserved');
    expect((await statusOf(active.id)).thumb_url).toBeNull();
    expect((await h.call(`/api/v1/listings/${active.id}`)).status).toBe(404);
    expect((await h.browse(`sellerId=${seller.id}`)).body.items).toEqual([]);
    // The reserved one belongs to an order: it still answers, as reserved.
    const held = await h.call<ListingDto>(`/api/v1/listings/${reserved.id}`);
    expect(held.status).toBe(200);
    expect(held.body.status).toBe('reserved');
    // The public listing got its removed event (it retires cached reads); the draft none.
    expect(await h.outboxTopics(active.id)).toContain('listings.listing.removed.v1');
    expect(await h.outboxTopics(draft.id)).not.toContain('listings.listing.removed.v1');
    // Their favourites are gone with the counts; others' favourites of their listing stay.
    expect(await favCount(liked.id)).toBe(0);
    const favs = (await h.ds.query(`SELECT user_id FROM listings.favorites WHERE user_id = $1`, [
      seller.id,
    ])) as unknown[];
    expect(favs).toHaveLength(0);
    // The seller card is anonymised, the id kept.
    expect(await cardOf()).toEqual([{ username: 'deleted', display_name: 'Deleted user' }]);

    // A second delivery of the same kind finds nothing left: no second removed event.
    await h.identity.publish(deletion);
    await waitFor('second event consumed', async () => {
      const rows = (await h.ds.query(
        `SELECT count(DISTINCT i.event_id)::int AS n FROM listings.inbox i JOIN identity.outbox o ON o.id = i.event_id
          WHERE o.topic = 'identity.user.deleted.v1' AND o.aggregate_id = $1`,
        [seller.id],
      )) as { n: number }[];
      return rows[0].n === 2;
    });
    const removed = (await h.outboxTopics(active.id)).filter(
      (t) => t === 'listings.listing.removed.v1',
    );
    expect(removed).toHaveLength(1);
  });
});
