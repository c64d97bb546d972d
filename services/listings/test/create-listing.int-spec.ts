import 'reflect-metadata';
import { newId } from '@loadout/db';
import { buildListing } from './factories/listing.factory';
import { type ErrorBody, useListingsApp } from './support/listings-harness';

describe('creating and reading listings', () => {
  const t = useListingsApp();
  const { call, newSeller, create, outboxTopics, browse } = t;

  it('publishes a listing with joules shown and its event in the outbox, and search finds it', async () => {
    const seller = await newSeller('Aoife Byrne');
    const listing = await create(seller.token, { title: 'Tokyo Marui Hi-Capa 5.1 Gold Match' });
    expect(listing).toMatchObject({
      status: 'active',
      joules: 0.999,
      fps: 328,
      bbWeightGrams: 0.2,
      featured: false,
      thumbUrl: expect.stringContaining('-400.webp'),
      seller: { id: seller.id, displayName: 'Aoife Byrne', sellerType: 'private' },
    });
    expect(listing.images).toHaveLength(2);
    expect(listing.id).toHaveLength(21);
    expect(await outboxTopics(listing.id)).toEqual(['listings.listing.published.v1']);
    const [row] = await t.ds.query(`SELECT envelope FROM listings.outbox WHERE aggregate_id = $1`, [
      listing.id,
    ]);
    expect(row.envelope).toMatchObject({
      actorId: seller.id,
      payload: { listingId: listing.id, joules: 0.999, priceCents: listing.priceCents },
    });

    const found = await browse('search=hi-capa gold');
    expect(found.body.items.map((i) => i.id)).toContain(listing.id);
    const card = found.body.items.find((i) => i.id === listing.id);
    expect(card).toMatchObject({
      shipping: { postageCents: 900, collection: true },
      joules: 0.999,
    });
    expect(card).not.toHaveProperty('description');
  });

  it('finds listings despite typos (trigram word similarity)', async () => {
    const seller = await newSeller();
    const glock = await create(seller.token, { title: 'Glock 17 Gen 5 GBB pistol' });
    const kriss = await create(seller.token, {
      title: 'KRISS Vector SMG with drum',
      category: 'aeg_rifles',
    });
    const glok = await browse(`search=glok&sellerId=${seller.id}`);
    expect(glok.body.items.map((i) => i.id)).toEqual([glock.id]);
    const vectr = await browse(`search=${encodeURIComponent('kriss vectr')}&sellerId=${seller.id}`);
    expect(vectr.body.items.map((i) => i.id)).toEqual([kriss.id]);
    expect(vectr.body.total).toBe(1);
  });

  it('corrects a misspelt word only when no title word starts with it', async () => {
    const seller = await newSeller();
    const glock = await create(seller.token, { title: 'Glock 19 GBB pistol, two mags' });
    await create(seller.token, {
      title: 'Glove set, tactical, size L',
      category: 'clothing',
      fps: null,
      bbWeightGrams: null,
    });
    const ids = async (query: string) =>
      (await browse(`${query}&sellerId=${seller.id}`)).body.items.map((i) => i.id).sort();
    // "glock" is a title word: no look-alikes ("glove") are mixed in, with or without filters.
    expect(await ids('search=glock')).toEqual([glock.id]);
    expect(await ids('search=glock&category=clothing')).toEqual([]);
    // "glok" is nobody's word: its nearest title word ("glock", not "glove") is searched.
    expect(await ids('search=glok')).toEqual([glock.id]);
  });

  it('ranks title matches above description matches for relevance', async () => {
    const seller = await newSeller();
    const inDescription = await create(seller.token, {
      title: 'Chest rig, multicam, barely used',
      category: 'tactical_gear',
      fps: null,
      bbWeightGrams: null,
      description: 'Fits a Daniel Defense style rifle magazine, plus two radio pouches.',
    });
    const inTitle = await create(seller.token, { title: 'Daniel Defense MK18 replica' });
    const res = await browse(`search=daniel defense&sellerId=${seller.id}`);
    expect(res.body.items.map((i) => i.id)).toEqual([inTitle.id, inDescription.id]);
  });

  it('refuses a replica above 1 joule, naming the law', async () => {
    const seller = await newSeller();
    const res = await call<ErrorBody>('/api/v1/listings', {
      method: 'POST',
      token: seller.token,
      json: buildListing({ fps: 350, bbWeightGrams: 0.2 }),
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('LISTINGS.JOULE_LIMIT_EXCEEDED');
    expect(res.body.message).toContain('1.14 J');
    expect(res.body.message).toContain('Firearms Act 1925');
    expect(res.body.details?.[0]?.field).toBe('fps');
  });

  it('reports each invalid field, and refuses unknown fields', async () => {
    const seller = await newSeller();
    const bad = await call<ErrorBody>('/api/v1/listings', {
      method: 'POST',
      token: seller.token,
      json: buildListing({ title: 'abc', priceCents: 50, description: undefined }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('LISTINGS.VALIDATION_FAILED');
    expect(bad.body.message).toBe('Title must be 5 to 80 characters.');
    expect(bad.body.details?.map((d) => d.field)).toEqual(
      expect.arrayContaining(['title', 'priceCents', 'description']),
    );
    const unknown = await call<ErrorBody>('/api/v1/listings', {
      method: 'POST',
      token: seller.token,
      json: { ...buildListing(), sellerId: 'someone-else' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('COMMON.VALIDATION_FAILED');
    const anonymous = await call<ErrorBody>('/api/v1/listings', {
      method: 'POST',
      json: buildListing(),
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [newId(), 'not-an-id', "x' OR '1'='1"]) {
      const res = await call<ErrorBody>(`/api/v1/listings/${encodeURIComponent(id)}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('LISTINGS.NOT_FOUND');
    }
  });
});
