import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { type ListingDto, type ListingListResponse } from '@loadout/contracts';
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

/** Issue 26 phase 2 (ADR 0035): a suspended seller's active listings are hidden, then back. */
describe("identity's suspensions → the seller's listings", () => {
  let db: TestDatabase;
  let issuer: TestIssuer;
  let app: NestFastifyApplication;
  let ds: DataSource;
  let identity: OutboxPublisher;
  let base = '';

  const send = async (
    path: string,
    body: unknown,
    headers: Record<string, string>,
    method = 'POST',
  ) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as ListingDto };
  };
  const viewStatus = async (id: string, token?: string) => {
    const res = await fetch(`${base}/api/v1/listings/${id}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return res.status === 200 ? ((await res.json()) as ListingDto).status : res.status;
  };
  const browseIds = async (sellerId: string) =>
    (
      (await (
        await fetch(`${base}/api/v1/listings?sellerId=${sellerId}`)
      ).json()) as ListingListResponse
    ).items.map((l) => l.id);

  beforeAll(async () => {
    db = await createTestDatabase('listings_suspension');
    issuer = await startTestIssuer();
    const config = loadListingsConfig({
      DATABASE_URL: db.url,
      AUTH_ISSUER: issuer.issuer,
      AUTH_AUDIENCE: issuer.audience,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      INTERNAL_API_TOKEN: INTERNAL_TOKEN,
      LISTINGS_CACHE_TTL_SECONDS: '0',
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
  });

  afterAll(async () => {
    await identity?.close();
    await app?.close();
    await ds?.destroy();
    await issuer?.close();
    await db?.drop();
  });

  it('hides active listings (not reserved or drafts) while suspended, and shows them again', async () => {
    // A reserved listing released during the suspension is hidden too, and back with the rest.
    const sellerId = newId();
    const token = await issuer.sign({ sub: sellerId, preferred_username: 's', name: 'Seller' });
    const auth = { authorization: `Bearer ${token}` };
    const active = (await send('/api/v1/listings', buildListing(), auth)).body;
    const reserved = (await send('/api/v1/listings', buildListing(), auth)).body;
    const draft = (await send('/api/v1/listings', { ...buildListing(), publish: false }, auth))
      .body;
    expect(draft.status).toBe('draft');
    const orderId = newId();
    const internal = { 'x-internal-token': INTERNAL_TOKEN };
    const hold = await send(`/internal/listings/${reserved.id}/reserve`, { orderId }, internal);
    expect(hold.status).toBe(200);
    const otherSeller = newId();
    const otherToken = await issuer.sign({ sub: otherSeller, preferred_username: 'o', name: 'O' });
    const unrelated = (
      await send('/api/v1/listings', buildListing(), { authorization: `Bearer ${otherToken}` })
    ).body;

    const suspended = {
      type: 'identity.user.suspended.v1' as const,
      aggregateId: sellerId,
      payload: { userId: sellerId, reason: 'Scam', until: null, suspendedBy: 'admin-1' },
    };
    await identity.publish(suspended);
    await waitFor('listing hidden', async () => (await viewStatus(active.id)) === 404);
    expect(await viewStatus(active.id, token)).toBe('hidden');
    expect(await viewStatus(reserved.id)).toBe('reserved');
    expect(await viewStatus(draft.id, token)).toBe('draft');
    expect(await viewStatus(unrelated.id)).toBe('active');
    expect(await browseIds(sellerId)).toEqual([]);
    // The owner cannot put it back by editing it.
    expect(
      (await send(`/api/v1/listings/${active.id}`, { priceCents: 5000 }, auth, 'PATCH')).status,
    ).toBe(409);

    // Its order fails while the seller is suspended: released, but hidden, not active.
    const released = await send(`/internal/listings/${reserved.id}/release`, { orderId }, internal);
    expect(released.body).toMatchObject({ status: 'hidden', changed: true });
    expect(await viewStatus(reserved.id)).toBe(404);

    const events = (await ds.query(
      `SELECT envelope FROM listings.outbox WHERE aggregate_id = $1 AND topic = 'listings.listing.updated.v1'`,
      [active.id],
    )) as Array<{ envelope: { payload: { status: string; changed: string[] } } }>;
    expect(events.map((e) => e.envelope.payload)).toEqual([
      expect.objectContaining({ status: 'hidden', changed: ['status'] }),
    ]);

    await identity.publish({
      type: 'identity.user.reinstated.v1',
      aggregateId: sellerId,
      payload: { userId: sellerId, cause: 'lifted', liftedBy: 'admin-1', note: 'Appeal' },
    });
    await waitFor('listing back', async () => (await viewStatus(active.id)) === 'active');
    expect((await browseIds(sellerId)).sort()).toEqual([active.id, reserved.id].sort());
    expect(await viewStatus(reserved.id)).toBe('active');
    expect(await viewStatus(draft.id, token)).toBe('draft');
  });
});
