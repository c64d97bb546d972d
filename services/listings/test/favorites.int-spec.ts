import 'reflect-metadata';
import {
  type FavoriteIdsResponse,
  type FavoriteStateResponse,
  type ListingListResponse,
} from '@loadout/contracts';
import { useListingsApp } from './support/listings-harness';

describe('favourites', () => {
  const t = useListingsApp();
  const { call, newSeller, create } = t;

  it('adds and removes idempotently, keeping the count, and lists them', async () => {
    const seller = await newSeller();
    const buyer = await newSeller();
    const other = await newSeller();
    const listing = await create(seller.token);
    const put = (token: string) =>
      call<FavoriteStateResponse>(`/api/v1/favorites/${listing.id}`, { method: 'PUT', token });
    const del = (token: string) =>
      call<FavoriteStateResponse>(`/api/v1/favorites/${listing.id}`, { method: 'DELETE', token });
    expect((await put(buyer.token)).body).toEqual({
      listingId: listing.id,
      favorite: true,
      favoriteCount: 1,
    });
    expect((await put(buyer.token)).body.favoriteCount).toBe(1);
    // A new favourite tells the seller (through the outbox); adding it again does not.
    const favourited = (await t.ds.query(
      `SELECT envelope FROM listings.outbox
        WHERE aggregate_id = $1 AND topic = 'listings.listing.favourited.v1'`,
      [listing.id],
    )) as { envelope: { payload: Record<string, unknown> } }[];
    expect(favourited.map((r) => r.envelope.payload)).toEqual([
      {
        listingId: listing.id,
        sellerId: seller.id,
        userId: buyer.id,
        title: listing.title,
        favoriteCount: 1,
        favouritedAt: expect.any(String),
      },
    ]);
    expect((await put(other.token)).body.favoriteCount).toBe(2);
    expect((await del(other.token)).body).toEqual({
      listingId: listing.id,
      favorite: false,
      favoriteCount: 1,
    });
    expect((await del(other.token)).body.favoriteCount).toBe(1);

    const list = await call<ListingListResponse>('/api/v1/favorites', { token: buyer.token });
    expect(list.body.items.map((i) => i.id)).toEqual([listing.id]);
    expect(list.body.items[0]?.favoriteCount).toBe(1);
    const ids = await call<FavoriteIdsResponse>('/api/v1/favorites/ids', { token: buyer.token });
    expect(ids.body).toEqual({ ids: [listing.id] });

    const draft = await create(seller.token, { publish: false });
    expect(
      (await call(`/api/v1/favorites/${draft.id}`, { method: 'PUT', token: buyer.token })).status,
    ).toBe(404);
    expect((await call('/api/v1/favorites')).status).toBe(401);

    await call(`/api/v1/listings/${listing.id}`, { method: 'DELETE', token: seller.token });
    const afterRemoval = await call<ListingListResponse>('/api/v1/favorites', {
      token: buyer.token,
    });
    expect(afterRemoval.body.items).toEqual([]);
    expect((await del(buyer.token)).body.favoriteCount).toBe(0);
  });

  it('pages favourites by keyset', async () => {
    const seller = await newSeller();
    const buyer = await newSeller();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const l = await create(seller.token);
      await call(`/api/v1/favorites/${l.id}`, { method: 'PUT', token: buyer.token });
      ids.push(l.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: ListingListResponse } = await call<ListingListResponse>(
        `/api/v1/favorites?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        { token: buyer.token },
      );
      seen.push(...page.body.items.map((i) => i.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
  });
});
