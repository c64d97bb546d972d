import 'reflect-metadata';
import { type ListingDto } from '@loadout/contracts';
import { waitFor } from '@loadout/events/testing';
import { useListingsApp } from './support/listings-harness';

describe('cache', () => {
  const t = useListingsApp();
  const { call, newSeller, create, settled, browse } = t;

  it('counts a newly published listing at once in stats and featured', async () => {
    const stats = () => call<{ activeListings: number }>('/api/v1/listings/stats');
    const before = (await stats()).body.activeListings;
    await call('/api/v1/listings/featured');
    const seller = await newSeller();
    const listing = await create(seller.token);
    expect((await stats()).body.activeListings).toBe(before + 1);
    const featured = await call<{ items: { id: string }[] }>('/api/v1/listings/featured');
    // Admin-featured listings of earlier tests come first; the newest with photos follows.
    expect(featured.body.items.map((i) => i.id)).toContain(listing.id);
  });

  it('serves anonymous reads from cache and drops them when a listing changes', async () => {
    const seller = await newSeller();
    const listing = await create(seller.token, { priceCents: 12_300 });
    await settled(listing.id);
    expect((await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body.priceCents).toBe(12_300);
    const list1 = await browse(`sellerId=${seller.id}`);
    expect(list1.body.items[0]?.priceCents).toBe(12_300);
    // A write behind the service's back is not seen while cached...
    await t.ds.query(
      `UPDATE listings.listings SET title = 'Changed behind the cache' WHERE id = $1`,
      [listing.id],
    );
    expect((await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body.title).toBe(
      listing.title,
    );
    // ...but a change through the service is.
    await call(`/api/v1/listings/${listing.id}`, {
      method: 'PATCH',
      token: seller.token,
      json: { priceCents: 9_900 },
    });
    const detail = await call<ListingDto>(`/api/v1/listings/${listing.id}`);
    expect(detail.body.priceCents).toBe(9_900);
    expect((await browse(`sellerId=${seller.id}`)).body.items[0]?.priceCents).toBe(9_900);
  });

  it('retires cached reads when its own events arrive (other replicas)', async () => {
    const seller = await newSeller();
    const listing = await create(seller.token);
    await settled(listing.id);
    await call(`/api/v1/listings/${listing.id}`);
    await t.ds.query(`UPDATE listings.listings SET price_cents = 4242 WHERE id = $1`, [listing.id]);
    expect((await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body.priceCents).toBe(
      listing.priceCents,
    );
    // Another replica's change: only its event reaches this one.
    await t.ds.query(
      `INSERT INTO listings.outbox (id, topic, aggregate_id, envelope)
       VALUES (gen_random_uuid(), 'listings.listing.updated.v1', $1, $2::jsonb)`,
      [
        listing.id,
        JSON.stringify({
          id: crypto.randomUUID(),
          type: 'listings.listing.updated.v1',
          version: 1,
          aggregateId: listing.id,
          occurredAt: new Date().toISOString(),
          correlationId: 'test',
          causationId: null,
          actorId: null,
          payload: {},
        }),
      ],
    );
    await t.ds.query(`SELECT pg_notify('loadout_outbox', 'listings')`);
    await waitFor(
      'cache retired by event',
      async () =>
        (await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body.priceCents === 4242,
    );
  });

  it('reports database and cache readiness', async () => {
    expect((await call('/health/ready')).body).toMatchObject({
      status: 'ok',
      checks: { database: 'up', cache: 'up' },
    });
  });
});
