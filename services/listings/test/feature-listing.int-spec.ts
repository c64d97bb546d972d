import 'reflect-metadata';
import {
  type FeaturedListingsResponse,
  type ListingDto,
  type ListingStatsResponse,
} from '@loadout/contracts';
import { useListingsApp } from './support/listings-harness';

describe('featured listings and stats', () => {
  const t = useListingsApp();
  const { call, newSeller, create } = t;

  it('counts active listings and shows featured ones first, then the newest with photos', async () => {
    const [{ n }] = await t.ds.query(
      `SELECT count(*)::int AS n FROM listings.listings WHERE status = 'active'`,
    );
    expect((await call<ListingStatsResponse>('/api/v1/listings/stats')).body).toEqual({
      activeListings: n,
    });
    const s = await newSeller();
    const a = await create(s.token);
    const b = await create(s.token);
    const noPhoto = await create(s.token, {
      publish: false,
      description: undefined,
      imageIds: undefined,
    });
    await t.ds.query(
      `UPDATE listings.listings SET status = 'active', published_at = now() + interval '1 hour' WHERE id = $1`,
      [noPhoto.id],
    );
    const newest = await create(s.token);
    const feature = (id: string, token = t.admin) =>
      call<ListingDto>(`/api/v1/listings/${id}/featured`, {
        method: 'PUT',
        token,
        json: { featured: true },
      });
    expect((await feature(a.id, s.token)).status).toBe(403);
    expect((await feature(b.id)).body.featured).toBe(true);
    expect((await feature(a.id)).body.featured).toBe(true);
    const featured = await call<FeaturedListingsResponse>('/api/v1/listings/featured');
    const ids = featured.body.items.map((i) => i.id);
    expect(ids.slice(0, 3)).toEqual([a.id, b.id, newest.id]);
    expect(ids).not.toContain(noPhoto.id);
    expect(ids.length).toBeLessThanOrEqual(6);
    const [event] = await t.ds.query(
      `SELECT envelope FROM listings.outbox WHERE aggregate_id = $1 AND topic = 'listings.listing.updated.v1'`,
      [a.id],
    );
    expect(event.envelope.payload.changed).toEqual(['featured']);
  });
});
