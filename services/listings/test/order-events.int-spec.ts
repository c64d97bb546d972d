import 'reflect-metadata';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { startTestIssuer, type TestIssuer } from '@loadout/auth/testing';
import { type ListingDto, type OrderFactsV1 } from '@loadout/contracts';
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

describe("orders' outcomes → listing status", () => {
  let db: TestDatabase;
  let issuer: TestIssuer;
  let app: NestFastifyApplication;
  let ds: DataSource;
  let orders: OutboxPublisher;
  let base = '';

  const post = async (path: string, body: unknown, headers: Record<string, string>) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as ListingDto };
  };
  const status = async (id: string) =>
    ((await (await fetch(`${base}/api/v1/listings/${id}`)).json()) as ListingDto).status;

  /** An active listing reserved for a fresh order id. */
  const reservedListing = async () => {
    const sellerId = newId();
    const token = await issuer.sign({ sub: sellerId, preferred_username: 's', name: 'Seller' });
    const listing = (
      await post('/api/v1/listings', buildListing(), { authorization: `Bearer ${token}` })
    ).body;
    const orderId = newId();
    const reserved = await post(
      `/internal/listings/${listing.id}/reserve`,
      { orderId },
      { 'x-internal-token': INTERNAL_TOKEN },
    );
    expect(reserved.status).toBe(200);
    const facts: OrderFactsV1 = {
      orderId,
      listingId: listing.id,
      buyerId: newId(),
      sellerId,
      listingTitle: listing.title,
      delivery: 'post',
      itemCents: 10_000,
      postageCents: 900,
      feeCents: 273,
      totalCents: 11_173,
      sellerReceivesCents: 10_900,
    };
    return { listing, facts };
  };

  beforeAll(async () => {
    db = await createTestDatabase('listings_orders');
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
    orders = await OutboxPublisher.start(db.url, 'orders');
  });

  afterAll(async () => {
    await orders?.close();
    await app?.close();
    await ds?.destroy();
    await issuer?.close();
    await db?.drop();
  });

  it('says whether a reservation is a checkout or a paid order (issue 25 item 2)', async () => {
    const view = async (id: string) =>
      (await (await fetch(`${base}/api/v1/listings/${id}`)).json()) as ListingDto;
    const { listing, facts } = await reservedListing();
    expect((await view(listing.id)).reservation).toBe('checkout');
    const paid = (orderId: string) => ({
      type: 'orders.order.paid.v1' as const,
      aggregateId: orderId,
      payload: {
        ...facts,
        orderId,
        paidAt: new Date().toISOString(),
        shipBy: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        deliveryAddress: null,
      },
    });
    // Another order's payment (a stale checkout) does not touch this reservation.
    await orders.publish(paid(newId()));
    await orders.publish(paid(facts.orderId));
    await waitFor('reservation paid', async () => (await view(listing.id)).reservation === 'paid');
    const [row] = (await ds.query(`SELECT reserved_order_id FROM listings.listings WHERE id = $1`, [
      listing.id,
    ])) as { reserved_order_id: string }[];
    expect(row!.reserved_order_id).toBe(facts.orderId);
    expect((await view(listing.id)).status).toBe('reserved');

    // Released (cancelled after payment): active again, no reservation left.
    await orders.publish({
      type: 'orders.order.cancelled.v1',
      aggregateId: facts.orderId,
      payload: {
        ...facts,
        cancelledAt: new Date().toISOString(),
        cancelledBy: 'seller',
        reason: null,
        refundedCents: facts.totalCents,
      },
    });
    await waitFor('listing active', async () => (await status(listing.id)) === 'active');
    expect((await view(listing.id)).reservation).toBeNull();
    const [after] = (await ds.query(
      `SELECT reservation_state FROM listings.listings WHERE id = $1`,
      [listing.id],
    )) as { reservation_state: string | null }[];
    expect(after!.reservation_state).toBeNull();
  });

  it('says nothing about payment for a reservation older than the column, until its order is paid', async () => {
    const view = async (id: string) =>
      (await (await fetch(`${base}/api/v1/listings/${id}`)).json()) as ListingDto;
    const { listing, facts } = await reservedListing();
    // As the migration leaves a listing reserved before it: state unknown.
    await ds.query(`UPDATE listings.listings SET reservation_state = NULL WHERE id = $1`, [
      listing.id,
    ]);
    expect((await view(listing.id)).reservation).toBeNull();
    await orders.publish({
      type: 'orders.order.paid.v1',
      aggregateId: facts.orderId,
      payload: {
        ...facts,
        paidAt: new Date().toISOString(),
        shipBy: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      },
    });
    await waitFor('reservation paid', async () => (await view(listing.id)).reservation === 'paid');
  });

  it('marks the listing sold when its order completes', async () => {
    const { listing, facts } = await reservedListing();
    await orders.publish({
      type: 'orders.order.completed.v1',
      aggregateId: facts.orderId,
      payload: { ...facts, completedAt: new Date().toISOString(), releasedBy: 'buyer' },
    });
    await waitFor('listing sold', async () => (await status(listing.id)) === 'sold');
  });

  it('frees the listing when its order is cancelled or expires', async () => {
    const a = await reservedListing();
    const b = await reservedListing();
    await orders.publish({
      type: 'orders.order.cancelled.v1',
      aggregateId: a.facts.orderId,
      payload: {
        ...a.facts,
        cancelledAt: new Date().toISOString(),
        cancelledBy: 'buyer',
        reason: null,
        refundedCents: 0,
      },
    });
    await orders.publish({
      type: 'orders.order.expired.v1',
      aggregateId: b.facts.orderId,
      payload: { ...b.facts, expiredAt: new Date().toISOString() },
    });
    await waitFor('both listings active again', async () =>
      (await Promise.all([status(a.listing.id), status(b.listing.id)])).every(
        (s) => s === 'active',
      ),
    );
  });

  it('scenario 3: a full refund of a shipped order (relist: false) does not put the item back on sale', async () => {
    const shipped = await reservedListing();
    const unshipped = await reservedListing();
    const refunded = (facts: OrderFactsV1, relist: boolean) =>
      orders.publish({
        type: 'orders.order.refunded.v1',
        aggregateId: facts.orderId,
        payload: {
          ...facts,
          refundedAt: new Date().toISOString(),
          refundedCents: 10_250,
          full: true,
          relist,
        },
      });
    const kept = await refunded(shipped.facts, false);
    await refunded(unshipped.facts, true);
    await waitFor(
      'the never-shipped one relisted',
      async () => (await status(unshipped.listing.id)) === 'active',
    );
    await waitFor('the shipped one consumed', async () => {
      const rows = (await ds.query(`SELECT 1 FROM listings.inbox WHERE event_id = $1`, [
        kept.id,
      ])) as unknown[];
      return rows.length === 1;
    });
    expect(await status(shipped.listing.id)).not.toBe('active');
  });

  /** The listing's own order events in its outbox (one per change, none for a repeat). */
  const listingEvents = async (id: string) =>
    (
      (await ds.query(
        `SELECT topic FROM listings.outbox WHERE aggregate_id = $1 AND topic <> 'listings.listing.published.v1' ORDER BY seq`,
        [id],
      )) as { topic: string }[]
    ).map((r) => r.topic);
  const consumed = (eventId: string) =>
    waitFor('event consumed', async () => {
      const rows = (await ds.query(`SELECT 1 FROM listings.inbox WHERE event_id = $1`, [
        eventId,
      ])) as unknown[];
      return rows.length === 1;
    });
  const refund = (facts: OrderFactsV1, full: boolean, relist: boolean) =>
    orders.publish({
      type: 'orders.order.refunded.v1',
      aggregateId: facts.orderId,
      payload: {
        ...facts,
        refundedAt: new Date().toISOString(),
        refundedCents: full ? facts.totalCents : 1_000,
        full,
        relist,
      },
    });

  it('ADR 0044: marks the listing sold after a full refund of a shipped item (what the mark_listing_sold job did)', async () => {
    const { listing, facts } = await reservedListing();
    await consumed((await refund(facts, true, false)).id);
    expect(await status(listing.id)).toBe('sold');
    expect(await listingEvents(listing.id)).toEqual([
      'listings.listing.reserved.v1',
      'listings.listing.sold.v1',
    ]);
  });

  it('ADR 0044: keeps the listing reserved after a partial refund', async () => {
    const { listing, facts } = await reservedListing();
    await consumed((await refund(facts, false, false)).id);
    expect(await status(listing.id)).toBe('reserved');
    expect(await listingEvents(listing.id)).toEqual(['listings.listing.reserved.v1']);
  });

  it('ADR 0044: a second outcome of the same order changes nothing (a refund confirmed after its cancellation)', async () => {
    const { listing, facts } = await reservedListing();
    const cancelled = await orders.publish({
      type: 'orders.order.cancelled.v1',
      aggregateId: facts.orderId,
      payload: {
        ...facts,
        cancelledAt: new Date().toISOString(),
        cancelledBy: 'seller',
        reason: null,
        refundedCents: facts.totalCents,
      },
    });
    await consumed(cancelled.id);
    // Orders confirms its own refund later: full, relist false. The listing is no longer held
    // for this order, so it stays on sale.
    await consumed((await refund(facts, true, false)).id);
    expect(await status(listing.id)).toBe('active');
    expect(await listingEvents(listing.id)).toEqual([
      'listings.listing.reserved.v1',
      'listings.listing.released.v1',
    ]);
  });

  it('ADR 0044: a completed order replayed under a new event id sells once, with one sold event', async () => {
    const { listing, facts } = await reservedListing();
    const completed = () =>
      orders.publish({
        type: 'orders.order.completed.v1',
        aggregateId: facts.orderId,
        payload: { ...facts, completedAt: new Date().toISOString(), releasedBy: 'system' },
      });
    await consumed((await completed()).id);
    await consumed((await completed()).id);
    expect(await status(listing.id)).toBe('sold');
    expect(await listingEvents(listing.id)).toEqual([
      'listings.listing.reserved.v1',
      'listings.listing.sold.v1',
    ]);
  });

  it('leaves a listing held for another order alone', async () => {
    const { listing, facts } = await reservedListing();
    const event = await orders.publish({
      type: 'orders.order.expired.v1',
      aggregateId: newId(),
      payload: { ...facts, orderId: newId(), expiredAt: new Date().toISOString() },
    });
    await waitFor('the stray event consumed', async () => {
      const rows = (await ds.query(`SELECT 1 FROM listings.inbox WHERE event_id = $1`, [
        event.id,
      ])) as unknown[];
      return rows.length === 1;
    });
    expect(await status(listing.id)).toBe('reserved');
  });
});
