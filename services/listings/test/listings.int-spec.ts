import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import {
  type FavoriteIdsResponse,
  type FavoriteStateResponse,
  type FeaturedListingsResponse,
  type ListingDto,
  type ListingInput,
  type ListingListResponse,
  type ListingStatsResponse,
  type SearchSuggestionsResponse,
} from '@loadout/contracts';
import { migrate, newId } from '@loadout/db';
import { createTestDatabase, type TestDatabase } from '@loadout/db/testing';
import { OutboxPublisher, quietLogger, waitFor } from '@loadout/events/testing';
import { createServiceApp, createServiceDataSource } from '@loadout/service-kit';
import { ImagesModule } from '../src/images/images.module';
import { loadListingsConfig } from '../src/listings.config';
import { listingsService } from '../src/listings.service';
import { buildListing } from './factories/listing.factory';
import { FakeImagesModule } from './support/fake-images.module';

jest.setTimeout(30_000);

const INTERNAL_TOKEN = 'internal-test-token-0123456789';

interface ErrorBody {
  code: string;
  message: string;
  details?: { field: string; messages: string[] }[];
}

describe('listings service over HTTP', () => {
  let db: TestDatabase;
  let issuer: TestIssuer;
  let app: NestFastifyApplication;
  let ds: DataSource;
  let identity: OutboxPublisher;
  let base: string;
  let admin: string;

  const call = async <T = unknown>(
    path: string,
    init: RequestInit & { token?: string; json?: unknown; internal?: string } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.token) headers['authorization'] = `Bearer ${init.token}`;
    if (init.internal) headers['x-internal-token'] = init.internal;
    const res = await fetch(`${base}${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
  };

  /** A fresh signed-in seller: their own id also isolates their listings via `sellerId`. */
  const newSeller = async (name = 'Test Seller') => {
    const id = newId();
    const token = await issuer.sign({
      sub: id,
      preferred_username: `u_${id.slice(0, 6)}`,
      name,
      roles: ['user'],
    });
    return { id, token };
  };

  const create = async (token: string, input: ListingInput = {}) => {
    const res = await call<ListingDto>('/api/v1/listings', {
      method: 'POST',
      token,
      json: buildListing(input),
    });
    expect(res.status).toBe(201);
    return res.body;
  };

  const outboxTopics = async (id: string): Promise<string[]> =>
    (
      await ds.query(`SELECT topic FROM listings.outbox WHERE aggregate_id = $1 ORDER BY seq`, [id])
    ).map((r: { topic: string }) => r.topic);

  /** Waits until the `listings-cache` group consumed every event of the listing so far. */
  const settled = (listingId: string) =>
    waitFor(`events of ${listingId} consumed`, async () => {
      const [row] = await ds.query(
        `SELECT count(o.id)::int AS events, count(l.position)::int AS shipped,
                coalesce(bool_and(l.position <= c.position), false) AS done
           FROM listings.outbox o
           LEFT JOIN event_bus.log l ON l.event_id = o.id
           LEFT JOIN event_bus.consumer_offsets c
             ON c.topic = l.topic AND c.consumer_group = 'listings-cache'
          WHERE o.aggregate_id = $1`,
        [listingId],
      );
      return row.events > 0 && row.shipped === row.events && row.done === true;
    });

  const browse = (query: string, token?: string) =>
    call<ListingListResponse>(`/api/v1/listings?${query}`, { token });

  beforeAll(async () => {
    db = await createTestDatabase('listings');
    issuer = await startTestIssuer();
    const config = loadListingsConfig({
      DATABASE_URL: db.url,
      REDIS_URL: process.env['REDIS_URL'],
      AUTH_ISSUER: issuer.issuer,
      AUTH_AUDIENCE: issuer.audience,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      INTERNAL_API_TOKEN: INTERNAL_TOKEN,
    });
    ds = createServiceDataSource(listingsService, config);
    await migrate(ds);
    app = await createServiceApp(listingsService, config, {
      replace: [[ImagesModule, FakeImagesModule.register()]],
      consumer: { maxAttempts: 2, retryDelayMs: 10, logger: quietLogger() },
    });
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
    identity = await OutboxPublisher.start(db.url, 'identity');
    admin = await issuer.sign({ sub: 'admin-1', roles: ['user', 'admin'] });
  });

  afterAll(async () => {
    await identity?.close();
    await app?.close();
    await ds?.destroy();
    await issuer?.close();
    await db?.drop();
  });

  describe('creating and reading', () => {
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
      const [row] = await ds.query(`SELECT envelope FROM listings.outbox WHERE aggregate_id = $1`, [
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
      const vectr = await browse(
        `search=${encodeURIComponent('kriss vectr')}&sellerId=${seller.id}`,
      );
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

  describe('drafts and editing', () => {
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
      expect((await call(`/api/v1/listings/${draft.id}`, { token: seller.token })).status).toBe(
        200,
      );
      expect((await call(`/api/v1/listings/${draft.id}`, { token: admin })).status).toBe(200);
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
      for (const token of [other.token, admin]) {
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
      const events = await ds.query(
        `SELECT envelope FROM listings.outbox WHERE aggregate_id = $1 AND topic = 'listings.listing.updated.v1'`,
        [listing.id],
      );
      expect(events).toHaveLength(1);
      expect(events[0].envelope.payload.changed).toEqual(['priceCents', 'shipping']);
    });

    it('withdraws for the owner once, and lets a moderator remove with a reason', async () => {
      const seller = await newSeller();
      const mine = await create(seller.token);
      const first = await call<ListingDto>(`/api/v1/listings/${mine.id}`, {
        method: 'DELETE',
        token: seller.token,
      });
      expect(first.body).toMatchObject({ status: 'removed', removalReason: null });
      const again = await call<ListingDto>(`/api/v1/listings/${mine.id}`, {
        method: 'DELETE',
        token: seller.token,
      });
      expect(again.status).toBe(200);
      expect(again.body.updatedAt).toBe(first.body.updatedAt);
      expect(await outboxTopics(mine.id)).toEqual([
        'listings.listing.published.v1',
        'listings.listing.removed.v1',
      ]);
      expect((await call(`/api/v1/listings/${mine.id}`)).status).toBe(404);

      const target = await create(seller.token);
      const noReason = await call<ErrorBody>(`/api/v1/listings/${target.id}`, {
        method: 'DELETE',
        token: admin,
      });
      expect(noReason.status).toBe(400);
      expect(noReason.body.code).toBe('LISTINGS.REASON_REQUIRED');
      const other = await newSeller();
      expect(
        (await call(`/api/v1/listings/${target.id}`, { method: 'DELETE', token: other.token }))
          .status,
      ).toBe(403);
      const removed = await call<ListingDto>(`/api/v1/listings/${target.id}`, {
        method: 'DELETE',
        token: admin,
        json: { reason: 'Listed item is a real firearm part.' },
      });
      expect(removed.body).toMatchObject({
        status: 'removed',
        removalReason: 'Listed item is a real firearm part.',
      });
      const [event] = await ds.query(
        `SELECT envelope FROM listings.outbox WHERE aggregate_id = $1 AND topic = 'listings.listing.removed.v1'`,
        [target.id],
      );
      expect(event.envelope.payload).toEqual({
        listingId: target.id,
        sellerId: seller.id,
        removedBy: 'moderator',
        reason: 'Listed item is a real firearm part.',
      });
      const ownerView = await call<ListingDto>(`/api/v1/listings/${target.id}`, {
        token: seller.token,
      });
      expect(ownerView.body.removalReason).toBe('Listed item is a real firearm part.');
      const edit = await call<ErrorBody>(`/api/v1/listings/${target.id}`, {
        method: 'PATCH',
        token: seller.token,
        json: { priceCents: 5000 },
      });
      expect(edit.status).toBe(409);
      expect(edit.body.code).toBe('LISTINGS.NOT_EDITABLE');
    });

    it('rolls back the change when its event cannot be written', async () => {
      const seller = await newSeller();
      await ds.query(
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
        await ds.query(`ALTER TABLE listings.outbox DROP CONSTRAINT no_writes`);
      }
      const rows = await ds.query(`SELECT 1 FROM listings.listings WHERE seller_id = $1`, [
        seller.id,
      ]);
      expect(rows).toHaveLength(0);
    });
  });

  describe('browsing', () => {
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
      for (const price of [3000, 1000, 2000])
        made.push(await create(s.token, { priceCents: price }));
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
      const cursor = (values: unknown[]) =>
        Buffer.from(JSON.stringify(values)).toString('base64url');
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

    it('counts active listings and shows featured ones first, then the newest with photos', async () => {
      const [{ n }] = await ds.query(
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
      await ds.query(
        `UPDATE listings.listings SET status = 'active', published_at = now() + interval '1 hour' WHERE id = $1`,
        [noPhoto.id],
      );
      const newest = await create(s.token);
      const feature = (id: string, token = admin) =>
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
      const [event] = await ds.query(
        `SELECT envelope FROM listings.outbox WHERE aggregate_id = $1 AND topic = 'listings.listing.updated.v1'`,
        [a.id],
      );
      expect(event.envelope.payload.changed).toEqual(['featured']);
    });
  });

  describe('airsoft search (issue 14)', () => {
    const gear = { fps: null, bbWeightGrams: null } as const;
    let seller: { id: string; token: string };
    let l: Record<string, ListingDto>;
    const ids = async (search: string, extra = '') =>
      (
        await browse(`search=${encodeURIComponent(search)}&sellerId=${seller.id}&limit=48${extra}`)
      ).body.items.map((i) => i.id);

    beforeAll(async () => {
      seller = await newSeller();
      const make = (title: string, input: ListingInput = {}) =>
        create(seller.token, { title, description: 'Works well, collection or post.', ...input });
      l = {
        hicapa: await make('Tokyo Marui Hi-Capa 5.1 gold match'),
        glock: await make('Tokyo Marui Glock 17 Gen 4'),
        gg: await make('G&G CM16 Raider 2.0', { category: 'aeg_rifles' }),
        m4a1: await make('Specna Arms M4A1 carbine', { category: 'aeg_rifles' }),
        // Newer than the M4A1, yet "m4" must rank it below (prefix, not exact).
        m40a5: await make('Novritsch M40A5 bolt action', {
          category: 'sniper_rifles',
          bbWeightGrams: 0.3,
          fps: 250,
        }),
        mk18: await make('VFC MK18 Mod 1', { category: 'gas_rifles' }),
        ak74: await make('WE Tech AK-74 open bolt', { category: 'gas_rifles' }),
        el: await make('E&L AKM full steel', { category: 'aeg_rifles' }),
        lipo: await make('11.1v 1300mAh stick', { category: 'batteries_chargers', ...gear }),
        bbs: await make('Bio 0.25 g 4000 rounds', { category: 'bbs_gas', ...gear }),
      };
    });

    it.each([
      ['tm hicapa', ['hicapa']],
      ['hi capa', ['hicapa']],
      ['hi-capa', ['hicapa']],
      ['HICAPA', ['hicapa']],
      ['hica', ['hicapa']],
      ['tm', ['hicapa', 'glock']],
      ['marui glo', ['glock']],
      ['g&g', ['gg']],
      ['gg', ['gg']],
      ['specna', ['m4a1']],
      ['m4a1', ['m4a1']],
      ['m4 a1', ['m4a1']],
      ['mk 18', ['mk18']],
      ['mk-18', ['mk18']],
      ['mk18', ['mk18']],
      ['we', ['ak74']],
      ['ak74', ['ak74']],
      ['e&l', ['el']],
      ['carb', ['m4a1']],
      ['aeg', ['gg', 'm4a1', 'el']],
      ['gbbr', ['mk18', 'ak74']],
      ['handgun', ['hicapa', 'glock']],
      ['sniper', ['m40a5']],
      ['bolt action', ['m40a5']],
      ['battery', ['lipo']],
      ['bbs', ['bbs']],
    ])('%j finds exactly its listings', async (search, expected) => {
      expect((await ids(search)).sort()).toEqual(expected.map((k) => l[k]!.id).sort());
    });

    it('ranks an exact model above a prefix match, even a newer one', async () => {
      const found = await ids('m4');
      expect(found).toEqual([l['m4a1']!.id, l['m40a5']!.id]);
    });

    it('narrows by a misspelt second word instead of dropping it', async () => {
      expect(await ids('marui glokk')).toEqual([l['glock']!.id]);
      expect(await ids('tokyo marui hi capa')).toEqual([l['hicapa']!.id]);
      expect(await ids('tokio marui gold')).toEqual([l['hicapa']!.id]);
    });

    it.each(['the and of', '!!!', '& | <-> :*', "'; -- /* */ \\"])(
      'a query of only stop words or symbols (%j) lists the newest, without error',
      async (search) => {
        const plain = await browse(`sellerId=${seller.id}&limit=48`);
        const res = await browse(
          `search=${encodeURIComponent(search)}&sellerId=${seller.id}&limit=48`,
        );
        expect(res.status).toBe(200);
        expect(res.body.items.map((i) => i.id)).toEqual(plain.body.items.map((i) => i.id));
        expect(res.body.total).toBe(Object.keys(l).length);
      },
    );

    it('pages a relevance search without repeating or skipping', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const res: { body: ListingListResponse } = await browse(
          `search=tm&sellerId=${seller.id}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...res.body.items.map((i) => i.id));
        cursor = res.body.nextCursor;
      } while (cursor);
      expect(seen).toEqual(await ids('tm'));
    });

    it('suggests model names and categories for a prefix', async () => {
      const res = await call<SearchSuggestionsResponse>('/api/v1/listings/suggestions?q=hica');
      expect(res.status).toBe(200);
      expect(res.body.items[0]).toEqual({
        kind: 'model',
        label: 'Hi-Capa',
        search: 'Hi-Capa',
        category: null,
      });
      const pistol = await call<SearchSuggestionsResponse>('/api/v1/listings/suggestions?q=pis');
      expect(pistol.body.items).toContainEqual({
        kind: 'category',
        label: 'Pistols',
        search: null,
        category: 'pistols',
      });
      const brand = await call<SearchSuggestionsResponse>(
        `/api/v1/listings/suggestions?q=${encodeURIComponent('Tokyo m')}`,
      );
      expect(brand.body.items.map((i) => i.label)).toEqual(['Tokyo Marui']);
      expect((await call('/api/v1/listings/suggestions?q=%21%21')).body).toEqual({ items: [] });
      expect((await call('/api/v1/listings/suggestions')).body).toEqual({ items: [] });
    });

    it('refuses bad suggestion queries with the validation error shape', async () => {
      const long = await call<ErrorBody>(`/api/v1/listings/suggestions?q=${'x'.repeat(101)}`);
      expect(long.status).toBe(400);
      expect(long.body.code).toBe('COMMON.VALIDATION_FAILED');
      const unknown = await call<ErrorBody>('/api/v1/listings/suggestions?q=m4&x=1');
      expect(unknown.status).toBe(400);
      const twice = await call<ErrorBody>('/api/v1/listings/suggestions?q=m4&q=ak');
      expect(twice.status).toBe(400);
    });
  });

  describe('favourites', () => {
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
      const favourited = (await ds.query(
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

  describe('internal order commands', () => {
    const command = (id: string, action: string, orderId: string, token = INTERNAL_TOKEN) =>
      call<{ status: string; changed: boolean } & ErrorBody>(`/internal/listings/${id}/${action}`, {
        method: 'POST',
        internal: token,
        json: { orderId },
      });

    it('reserves, releases and sells idempotently by order id', async () => {
      const seller = await newSeller();
      const listing = await create(seller.token);
      expect(
        (await command(listing.id, 'reserve', 'order-1', 'wrong-token-xxxxxxxxxx')).status,
      ).toBe(401);
      expect((await command(listing.id, 'reserve', 'order-1')).body).toMatchObject({
        status: 'reserved',
        changed: true,
      });
      expect((await command(listing.id, 'reserve', 'order-1')).body).toMatchObject({
        status: 'reserved',
        changed: false,
      });
      const taken = await command(listing.id, 'reserve', 'order-2');
      expect(taken.status).toBe(409);
      expect(taken.body.code).toBe('LISTINGS.NOT_AVAILABLE');
      expect((await command(listing.id, 'release', 'order-2')).status).toBe(409);
      expect((await command(listing.id, 'sold', 'order-2')).status).toBe(409);
      expect((await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body.status).toBe(
        'reserved',
      );
      expect((await command(listing.id, 'release', 'order-1')).body).toMatchObject({
        status: 'active',
        changed: true,
      });
      expect((await command(listing.id, 'release', 'order-1')).body.changed).toBe(false);
      expect((await command(listing.id, 'reserve', 'order-3')).body.changed).toBe(true);
      expect((await command(listing.id, 'sold', 'order-3')).body).toMatchObject({
        status: 'sold',
        changed: true,
      });
      expect((await command(listing.id, 'sold', 'order-3')).body.changed).toBe(false);
      expect(await outboxTopics(listing.id)).toEqual([
        'listings.listing.published.v1',
        'listings.listing.reserved.v1',
        'listings.listing.released.v1',
        'listings.listing.reserved.v1',
        'listings.listing.sold.v1',
      ]);
      const withdraw = await call<ErrorBody>(`/api/v1/listings/${listing.id}`, {
        method: 'DELETE',
        token: seller.token,
      });
      expect(withdraw.status).toBe(409);
      expect((await browse(`sellerId=${seller.id}`)).body.items).toEqual([]);
    });
  });

  describe('identity events', () => {
    it('builds the seller card from identity events, once per event', async () => {
      const userId = newId();
      const token = await issuer.sign({
        sub: userId,
        preferred_username: 'claims_name',
        name: 'Claims Name',
        roles: ['user'],
      });
      const listing = await create(token);
      expect(listing.seller).toMatchObject({ displayName: 'Claims Name', username: 'claims_name' });

      const registered = await identity.publish({
        type: 'identity.user.registered.v1',
        aggregateId: userId,
        payload: {
          userId,
          email: 'niamh@example.test',
          username: 'niamh_k',
          fullName: 'Niamh Kelly',
          sellerType: 'trader',
        },
      });
      await waitFor('seller from registered event', async () => {
        const rows = await ds.query(`SELECT display_name FROM listings.sellers WHERE id = $1`, [
          userId,
        ]);
        return rows[0]?.display_name === 'Niamh Kelly';
      });
      const updated = await identity.publish({
        type: 'identity.user.profile_updated.v1',
        aggregateId: userId,
        payload: {
          userId,
          username: 'niamh_k',
          displayName: 'Niamh K.',
          county: 'Kerry',
          sellerType: 'trader',
          avatarUrl: null,
        },
      });
      await waitFor('profile update applied', async () => {
        const rows = await ds.query(`SELECT county FROM listings.sellers WHERE id = $1`, [userId]);
        return rows[0]?.county === 'Kerry';
      });
      await identity.redeliver(registered.id);
      await waitFor('redelivered event skipped', async () => {
        const rows = await ds.query(
          `SELECT count(*)::int AS n FROM event_bus.log WHERE event_id = $1`,
          [registered.id],
        );
        return rows[0].n === 2;
      });
      await new Promise((r) => setTimeout(r, 300));
      const seller = await call<ListingDto>(`/api/v1/listings/${listing.id}`, { token });
      expect(seller.body.seller).toEqual({
        id: userId,
        username: 'niamh_k',
        displayName: 'Niamh K.',
        county: 'Kerry',
        sellerType: 'trader',
        memberSince: registered.occurredAt,
      });
      const inbox = await ds.query(
        `SELECT event_id FROM listings.inbox WHERE consumer = 'listings' AND event_id = ANY($1)`,
        [[registered.id, updated.id]],
      );
      expect(inbox).toHaveLength(2);
      expect(await ds.query(`SELECT 1 FROM listings.sellers WHERE id = $1`, [userId])).toHaveLength(
        1,
      );
    });

    it('shows a neutral seller when the card is missing', async () => {
      const seller = await newSeller();
      const listing = await create(seller.token);
      await ds.query(`DELETE FROM listings.sellers WHERE id = $1`, [seller.id]);
      const res = await call<ListingDto>(`/api/v1/listings/${listing.id}`, { token: seller.token });
      expect(res.body.seller).toMatchObject({
        displayName: 'Loadout member',
        username: '',
        sellerType: 'private',
        county: null,
      });
    });
  });

  describe('cache', () => {
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
      expect((await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body.priceCents).toBe(
        12_300,
      );
      const list1 = await browse(`sellerId=${seller.id}`);
      expect(list1.body.items[0]?.priceCents).toBe(12_300);
      // A write behind the service's back is not seen while cached...
      await ds.query(
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
      await ds.query(`UPDATE listings.listings SET price_cents = 4242 WHERE id = $1`, [listing.id]);
      expect((await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body.priceCents).toBe(
        listing.priceCents,
      );
      // Another replica's change: only its event reaches this one.
      await ds.query(
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
      await ds.query(`SELECT pg_notify('loadout_outbox', 'listings')`);
      await waitFor(
        'cache retired by event',
        async () =>
          (await call<ListingDto>(`/api/v1/listings/${listing.id}`)).body.priceCents === 4242,
      );
    });
  });

  it('reports database and cache readiness', async () => {
    expect((await call('/health/ready')).body).toMatchObject({
      status: 'ok',
      checks: { database: 'up', cache: 'up' },
    });
  });
});
