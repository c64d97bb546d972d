import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ListingDto, type ListingListResponse } from '@loadout/contracts';
import { cards } from './factories/card.factory';
import { type ErrorBody, INTERNAL_TOKEN, OrdersHarness } from './support/orders-harness';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '../../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * Orders against the real listings service (built from its sources and started as its own
 * process, as `npm start` does), not the stand-in: the reserve / release / sold contract and
 * the concurrency of the reservation are those of listings itself.
 */
describe('checkout against the real listings service', () => {
  const h = new OrdersHarness();
  let listings: ChildProcess;
  let listingsUrl = '';
  let objects = '';

  const listingStatus = async (id: string) =>
    ((await (await fetch(`${listingsUrl}/api/v1/listings/${id}`)).json()) as ListingDto).status;
  /** Listings frees or sells a listing from orders' events (ADR 0044): wait for it. */
  const eventuallyStatus = async (id: string, want: string) => {
    let status = await listingStatus(id);
    for (let i = 0; i < 60 && status !== want; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = await listingStatus(id);
    }
    return status;
  };

  beforeAll(async () => {
    objects = mkdtempSync(path.join(os.tmpdir(), 'orders-listings-objects-'));
    execFileSync(process.execPath, ['infra/scripts/build-backend.mjs', 'services/listings'], {
      cwd: root,
      stdio: 'ignore',
    });
    const port = await freePort();
    listingsUrl = `http://127.0.0.1:${port}`;
    await h.start('orders_listings', { LISTINGS_URL: listingsUrl });
    const env = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: h.db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      OBJECT_STORAGE: 'filesystem',
      OBJECT_STORAGE_DIR: objects,
      UPLOAD_SIGNING_SECRET: 'test-upload-signing-secret-0123',
      INTERNAL_API_TOKEN: INTERNAL_TOKEN,
      AUTH_ISSUER: h.issuer.issuer,
      AUTH_AUDIENCE: h.issuer.audience,
      // Scenario 1: listings asks orders about reservations older than the grace period.
      ORDERS_URL: h.base,
      RESERVATION_GRACE_SECONDS: '2',
      RESERVATION_SWEEP_INTERVAL_MS: '250',
    };
    execFileSync(process.execPath, ['dist/services/listings/src/seed.js'], {
      cwd: root,
      env,
      stdio: 'ignore',
    });
    listings = spawn(process.execPath, ['dist/services/listings/src/main.js'], {
      cwd: root,
      env,
      stdio: 'ignore',
    });
    for (let i = 0; i < 150; i++) {
      const ok = await fetch(`${listingsUrl}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('listings did not become ready');
  });

  afterAll(async () => {
    listings?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    await h.stop();
    rmSync(objects, { recursive: true, force: true });
  });

  afterEach(async () => {
    expect(await h.ledgerCheck()).toMatchObject({ ok: true });
  });

  const activeListings = async () =>
    ((await (await fetch(`${listingsUrl}/api/v1/listings?limit=10`)).json()) as ListingListResponse)
      .items;

  it('lets one of 20 concurrent buyers reserve a real listing; an expired order frees it', async () => {
    const [listing] = await activeListings();
    expect(listing).toBeDefined();
    const buyers = await Promise.all(Array.from({ length: 20 }, () => h.user()));

    const results = await Promise.all(buyers.map((b) => h.checkout(b, listing!.id, 'post')));

    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const lost = results.filter((r) => r.status === 409);
    expect(lost).toHaveLength(19);
    for (const r of lost)
      expect((r.body as unknown as ErrorBody).code).toBe('ORDERS.LISTING_UNAVAILABLE');
    expect(await listingStatus(listing!.id)).toBe('reserved');

    const order = results.find((r) => r.status === 201)!.body;
    await h.makeDue(order.id, 'expire_unpaid');
    await h.drain();
    expect(await eventuallyStatus(listing!.id, 'active')).toBe('active');
    // Freed by orders.order.expired.v1 (ADR 0044), not by the reservation sweep's backstop.
    const released = (await h.ds.query(
      `SELECT envelope->>'correlationId' AS "correlationId" FROM listings.outbox
        WHERE aggregate_id = $1 AND topic = 'listings.listing.released.v1'`,
      [listing!.id],
    )) as { correlationId: string | null }[];
    const [expired] = (await h.ds.query(
      `SELECT envelope->>'id' AS id FROM orders.outbox
        WHERE aggregate_id = $1 AND topic = 'orders.order.expired.v1'`,
      [order.id],
    )) as { id: string }[];
    expect(released).toEqual([{ correlationId: expired!.id }]);
  });

  const reserveDirectly = (listingId: string, orderId: string) =>
    fetch(`${listingsUrl}/internal/listings/${listingId}/reserve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_TOKEN },
      body: JSON.stringify({ orderId }),
    });

  it('scenario 1: a reservation whose answer was lost (no order was ever made) is released within the grace period', async () => {
    const [, , listing] = await activeListings();
    // Listings commits the reservation; orders never hears the answer and never writes the order.
    expect((await reserveDirectly(listing!.id, 'lostanswer000000001')).status).toBe(200);
    expect(await listingStatus(listing!.id)).toBe('reserved');

    let status = 'reserved';
    for (let i = 0; i < 40 && status !== 'active'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = await listingStatus(listing!.id);
    }

    expect(status).toBe('active');
    const buyer = await h.user();
    const delivery = listing!.shipping?.postageCents != null ? 'post' : 'collection';
    expect((await h.checkout(buyer, listing!.id, delivery)).status).toBe(201);
  });

  it('scenario 1: the sweep never frees a listing an open order holds, however old the reservation', async () => {
    const [, , , listing] = await activeListings();
    const buyer = await h.user();
    const delivery = listing!.shipping?.postageCents != null ? 'post' : 'collection';
    const order = (await h.checkout(buyer, listing!.id, delivery)).body;
    await new Promise((r) => setTimeout(r, 3_500)); // longer than the grace period
    expect(await listingStatus(listing!.id)).toBe('reserved');
    expect((await h.order(buyer, order.id)).body.status).toBe('pending_payment');
  });

  it("scenario 11: checkout racing the seller's price edit never reserves at one price and charges another", async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i++) {
      const [listing] = (await activeListings()).filter((l) => l.shipping?.postageCents != null);
      const seller = {
        id: listing!.sellerId,
        token: await h.issuer.sign({ sub: listing!.sellerId }),
      };
      const buyer = await h.user();
      const newPrice = listing!.priceCents! + 4_000;
      const [order, edit] = await Promise.all([
        h.checkout(buyer, listing!.id, 'post'),
        fetch(`${listingsUrl}/api/v1/listings/${listing!.id}`, {
          method: 'PATCH',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${seller.token}` },
          body: JSON.stringify({ priceCents: newPrice }),
        }),
      ]);
      const now = (await (
        await fetch(`${listingsUrl}/api/v1/listings/${listing!.id}`)
      ).json()) as ListingDto;
      if (order.status === 201) {
        // The order's price is the price the listing was reserved at, edited or not.
        expect(now.status).toBe('reserved');
        expect(order.body.amounts.itemCents).toBe(now.priceCents);
        outcomes.push(edit.ok ? 'edit, then order at the new price' : 'order, edit refused');
        await h.action(buyer, order.body.id, 'cancel');
        await h.drain();
        // Listings frees it from the cancelled event (ADR 0044) before the next round.
        expect(await eventuallyStatus(listing!.id, 'active')).toBe('active');
      } else {
        expect(order.status).toBe(409);
        expect(now.status).toBe('active');
        outcomes.push('order refused: the price changed');
      }
    }
    expect(outcomes).toHaveLength(10);
  });

  it('buys, ships and confirms: the real listing ends sold', async () => {
    const [, listing] = await activeListings();
    const buyer = await h.user();
    const order = (await h.checkout(buyer, listing!.id, 'post')).body;
    expect(order.amounts.itemCents).toBe(listing!.priceCents);
    await h.pay(buyer, order.id, cards.ok());
    await h.drain();
    const seller = {
      id: listing!.sellerId,
      token: await h.issuer.sign({ sub: listing!.sellerId }),
    };
    expect((await h.action(seller, order.id, 'ship', { handedOverInPerson: true })).status).toBe(
      200,
    );
    expect((await h.action(buyer, order.id, 'confirm-delivery')).status).toBe(200);
    await h.drain();
    expect(await eventuallyStatus(listing!.id, 'sold')).toBe('sold');
  });
});
