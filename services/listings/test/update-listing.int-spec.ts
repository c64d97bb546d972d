import 'reflect-metadata';
import { type ListingDto, type ListingListResponse } from '@loadout/contracts';
import { buildListing } from './factories/listing.factory';
import { type ErrorBody, useListingsApp } from './support/listings-harness';

describe('drafts and editing', () => {
  const t = useListingsApp();
  const { call, newSeller, create, outboxTopics, browse } = t;

  it('keeps drafts to their owner (and admins) and lists them in mine', async () => {
    const seller = await newSeller();
    const other = await newSeller();
    const draft = await create(seller.token, {
      publish: false,
      title: 'Half-written draft',
      description: undefined,
      imageIds: undefined,
    });
    expect(draft.status).toBe('draft');
    expect(await outboxTopics(draft.id)).toEqual([]);
    expect((await call(`/api/v1/listings/${draft.id}`)).status).toBe(404);
    expect((await call(`/api/v1/listings/${draft.id}`, { token: other.token })).status).toBe(404);
    expect((await call(`/api/v1/listings/${draft.id}`, { token: seller.token })).status).toBe(200);
    expect((await call(`/api/v1/listings/${draft.id}`, { token: t.admin })).status).toBe(200);
    expect((await browse(`sellerId=${seller.id}`)).body.items).toEqual([]);

    const mine = await call<ListingListResponse>('/api/v1/listings/mine', {
      token: seller.token,
    });
    expect(mine.body.items.map((i) => i.id)).toEqual([draft.id]);
    const onlyActive = await call<ListingListResponse>('/api/v1/listings/mine?status=active', {
      token: seller.token,
    });
    expect(onlyActive.body.items).toEqual([]);

    const incomplete = await call<ErrorBody>(`/api/v1/listings/${draft.id}/publish`, {
      method: 'POST',
      token: seller.token,
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.details?.map((d) => d.field)).toEqual(
      expect.arrayContaining(['description', 'imageIds']),
    );
    const edited = await call<ListingDto>(`/api/v1/listings/${draft.id}`, {
      method: 'PATCH',
      token: seller.token,
      json: { description: 'Now a complete description of the replica.', imageIds: ['i1'] },
    });
    expect(edited.status).toBe(200);
    expect(await outboxTopics(draft.id)).toEqual([]);
    const published = await call<ListingDto>(`/api/v1/listings/${draft.id}/publish`, {
      method: 'POST',
      token: seller.token,
    });
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ status: 'active', publishedAt: expect.any(String) });
    expect(await outboxTopics(draft.id)).toEqual(['listings.listing.published.v1']);
    expect((await call(`/api/v1/listings/${draft.id}`)).status).toBe(200);
  });

  it('lets only the owner edit; the change is revalidated and announced', async () => {
    const seller = await newSeller();
    const other = await newSeller();
    const listing = await create(seller.token);
    for (const token of [other.token, t.admin]) {
      const res = await call<ErrorBody>(`/api/v1/listings/${listing.id}`, {
        method: 'PATCH',
        token,
        json: { priceCents: 100 },
      });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('LISTINGS.NOT_OWNER');
    }
    const tooFast = await call<ErrorBody>(`/api/v1/listings/${listing.id}`, {
      method: 'PATCH',
      token: seller.token,
      json: { fps: 400 },
    });
    expect(tooFast.body.code).toBe('LISTINGS.JOULE_LIMIT_EXCEEDED');
    const res = await call<ListingDto>(`/api/v1/listings/${listing.id}`, {
      method: 'PATCH',
      token: seller.token,
      json: { priceCents: 7500, shipping: { postageCents: null, collection: true } },
    });
    expect(res.body).toMatchObject({
      priceCents: 7500,
      shipping: { postageCents: null, collection: true },
    });
    const unchanged = await call<ListingDto>(`/api/v1/listings/${listing.id}`, {
      method: 'PATCH',
      token: seller.token,
      json: { priceCents: 7500 },
    });
    expect(unchanged.status).toBe(200);
    const events = await t.ds.query(
      `SELECT envelope FROM listings.outbox WHERE aggregate_id = $1 AND topic = 'listings.listing.updated.v1'`,
      [listing.id],
    );
    expect(events).toHaveLength(1);
    expect(events[0].envelope.payload.changed).toEqual(['priceCents', 'shipping']);
  });

  it('rolls back the change when its event cannot be written', async () => {
    const seller = await newSeller();
    await t.ds.query(
      `ALTER TABLE listings.outbox ADD CONSTRAINT no_writes CHECK (false) NOT VALID`,
    );
    try {
      const res = await call<ErrorBody>('/api/v1/listings', {
        method: 'POST',
        token: seller.token,
        json: buildListing({ title: 'Ghost listing never saved' }),
      });
      expect(res.status).toBe(500);
      expect(res.body.code).toBe('COMMON.INTERNAL');
    } finally {
      await t.ds.query(`ALTER TABLE listings.outbox DROP CONSTRAINT no_writes`);
    }
    const rows = await t.ds.query(`SELECT 1 FROM listings.listings WHERE seller_id = $1`, [
      seller.id,
    ]);
    expect(rows).toHaveLength(0);
  });
});
