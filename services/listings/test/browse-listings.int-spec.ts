import 'reflect-metadata';
import { type ListingDto } from '@loadout/contracts';
import { type ErrorBody, useListingsApp } from './support/listings-harness';

describe('browsing', () => {
  const t = useListingsApp();
  const { call, newSeller, create, browse } = t;

  it('applies each filter', async () => {
    const s = await newSeller();
    const a = await create(s.token, {
      category: 'aeg_rifles',
      condition: 'new',
      county: 'Cork',
      priceCents: 20_000,
      shipping: { postageCents: 1000, collection: false },
    });
    const b = await create(s.token, {
      category: 'pistols',
      condition: 'fair',
      county: 'Dublin',
      priceCents: 5_000,
      shipping: { postageCents: null, collection: true },
    });
    const c = await create(s.token, {
      category: 'optics',
      condition: 'good',
      county: 'Galway',
      priceCents: 9_000,
      fps: null,
      bbWeightGrams: null,
    });
    const ids = async (q: string) =>
      (await browse(`sellerId=${s.id}&${q}`)).body.items.map((i) => i.id).sort();
    expect(await ids('category=aeg_rifles')).toEqual([a.id]);
    expect(await ids('condition=fair')).toEqual([b.id]);
    expect(await ids('county=Galway')).toEqual([c.id]);
    expect(await ids('minPriceCents=8000&maxPriceCents=10000')).toEqual([c.id]);
    expect(await ids('minPriceCents=9001')).toEqual([a.id]);
    expect(await ids('delivery=post')).toEqual([a.id, c.id].sort());
    expect(await ids('delivery=collection')).toEqual([b.id, c.id].sort());
    expect((await browse(`sellerId=${s.id}`)).body.total).toBe(3);

    const inverted = await browse('minPriceCents=500&maxPriceCents=100');
    expect(inverted.status).toBe(400);
    const notNumber = await call<ErrorBody>('/api/v1/listings?minPriceCents=ten');
    expect(notNumber.status).toBe(400);
    expect(notNumber.body.details).toEqual([
      {
        field: 'minPriceCents',
        messages: expect.arrayContaining(['Minimum price must be a whole number of cents.']),
      },
    ]);
    expect((await browse(`search=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await browse('sort=cheapest')).status).toBe(400);
  });

  it('orders by each sort', async () => {
    const s = await newSeller();
    const made: ListingDto[] = [];
    for (const price of [3000, 1000, 2000]) made.push(await create(s.token, { priceCents: price }));
    const order = async (sort: string) =>
      (await browse(`sellerId=${s.id}&sort=${sort}`)).body.items.map((i) => i.priceCents);
    expect(await order('price_asc')).toEqual([1000, 2000, 3000]);
    expect(await order('price_desc')).toEqual([3000, 2000, 1000]);
    expect(await order('newest')).toEqual([2000, 1000, 3000]);
    // relevance without a search falls back to newest
    expect(await order('relevance')).toEqual([2000, 1000, 3000]);
  });

  it('pages by keyset without repeats or gaps while newer listings arrive', async () => {
    const s = await newSeller();
    const initial: string[] = [];
    for (let i = 0; i < 7; i++)
      initial.push((await create(s.token, { priceCents: 1000 + (i % 3) * 100 })).id);
    for (const sort of ['newest', 'price_asc', 'price_desc']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const q: string = `sellerId=${s.id}&sort=${sort}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const page = await browse(q);
        expect(page.status).toBe(200);
        expect(page.body.items.length).toBeLessThanOrEqual(2);
        seen.push(...page.body.items.map((i) => i.id));
        cursor = page.body.nextCursor;
        pages += 1;
        // a newer (and cheapest/dearest-tied) listing lands between page fetches
        if (sort === 'newest') await create(s.token, { priceCents: 1000 });
      } while (cursor);
      if (sort === 'newest') {
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual(expect.arrayContaining(initial));
        expect(seen.filter((id) => !initial.includes(id))).toEqual([]);
        expect(pages).toBe(4);
      } else {
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual(expect.arrayContaining(initial));
      }
    }
  });

  it('refuses invalid cursors and cursors of another sort', async () => {
    const bad = await call<ErrorBody>('/api/v1/listings?cursor=garbage');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('COMMON.INVALID_CURSOR');
    const s = await newSeller();
    await create(s.token);
    await create(s.token);
    const first = await browse(`sellerId=${s.id}&limit=1&sort=price_asc`);
    const mixed = await call<ErrorBody>(
      `/api/v1/listings?sellerId=${s.id}&limit=1&sort=newest&cursor=${first.body.nextCursor}`,
    );
    expect(mixed.body.code).toBe('COMMON.INVALID_CURSOR');
  });

  it('finding 4: refuses cursors holding impossible values on every keyset route (400, not 500)', async () => {
    const s = await newSeller();
    const id = 'V1StGXR8_Z5jdHi6B-myT';
    const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64url');
    const cases: Array<[string, unknown[]]> = [
      ['/api/v1/listings?sort=newest', ['newest', '2026-13-01 10:00:00+00', id]],
      ['/api/v1/listings?sort=newest', ['newest', '0000-01-01 10:00:00+00', id]],
      ['/api/v1/listings?sort=price_asc', ['price_asc', 2 ** 31, id]],
      ['/api/v1/listings?sort=newest', ['newest', '2026-01-01 10:00:00+00', 'x\u0000']],
      ['/api/v1/listings/mine?limit=5', ['mine', '2026-13-01 10:00:00+00', id]],
      ['/api/v1/favorites?limit=5', ['favorites', '0000-01-01 10:00:00+00', id]],
    ];
    for (const [path, values] of cases) {
      const res = await call<ErrorBody>(`${path}&cursor=${cursor(values)}`, { token: s.token });
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.code).toBe('COMMON.INVALID_CURSOR');
    }
    for (const path of ['/api/v1/listings/abc%00', '/api/v1/listings?search=a%00b']) {
      expect((await call<ErrorBody>(path)).status).toBe(400);
    }
  });
});
