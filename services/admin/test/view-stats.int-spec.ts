import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AdminStatsDto, type OrderFactsV1 } from '@loadout/contracts';
import { OutboxPublisher, quietLogger, waitFor } from '@loadout/events/testing';
import { startServiceUnderTest, type ServiceUnderTest } from '@loadout/service-kit/testing';
import { type AdminConfig } from '../src/admin.config';
import { adminService } from '../src/admin.service';

const order = (orderId: string, itemCents: number): OrderFactsV1 => ({
  orderId,
  listingId: `L-${orderId}`,
  buyerId: 'buyer-1',
  sellerId: 'seller-1',
  listingTitle: 'Tokyo Marui MWS',
  delivery: 'post',
  itemCents,
  postageCents: 800,
  feeCents: Math.round((itemCents + 800) * 0.025),
  totalCents: itemCents + 800 + Math.round((itemCents + 800) * 0.025),
  sellerReceivesCents: itemCents + 800,
});

describe('the dashboard: a read model of platform events plus the ledger', () => {
  let ledger: Server;
  let t: ServiceUnderTest<AdminConfig>;
  const publishers: OutboxPublisher[] = [];
  let token = '';

  beforeAll(async () => {
    // Orders' ledger check, over HTTP (the admin's token is forwarded).
    ledger = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/api/v1/admin/ledger/check' && req.headers.authorization) {
        res.end(
          JSON.stringify({
            ok: true,
            unbalancedOrders: [],
            heldCents: 41820,
            expectedHeldCents: 41820,
          }),
        );
        return;
      }
      res.statusCode = 401;
      res.end('{}');
    });
    await new Promise<void>((resolve) => ledger.listen(0, '127.0.0.1', resolve));
    t = await startServiceUnderTest(adminService, {
      env: { ORDERS_URL: `http://127.0.0.1:${(ledger.address() as AddressInfo).port}` },
      app: { consumer: { maxAttempts: 2, retryDelayMs: 10, logger: quietLogger() } },
    });
    token = await t.token('admin-1', ['user', 'admin']);
  }, 60_000);
  afterAll(async () => {
    for (const p of publishers) await p.close();
    await t?.close();
    await new Promise((resolve) => ledger?.close(resolve));
  });

  const publisher = async (schema: string) => {
    const p = await OutboxPublisher.start(t.db.url, schema);
    publishers.push(p);
    return p;
  };
  const stats = async () => (await t.call<AdminStatsDto>('/api/v1/admin/stats', { token })).body;

  it('counts users, active listings, orders by state, GMV and fees this month, and money held', async () => {
    const identity = await publisher('identity');
    const listings = await publisher('listings');
    const orders = await publisher('orders');
    for (const userId of ['u1', 'u2', 'u3'])
      await identity.publish({
        type: 'identity.user.registered.v1',
        aggregateId: userId,
        payload: {
          userId,
          email: `${userId}@example.ie`,
          username: userId,
          fullName: userId,
          sellerType: 'private',
        },
      });
    for (const listingId of ['L1', 'L2', 'L3'])
      await listings.publish({
        type: 'listings.listing.published.v1',
        aggregateId: listingId,
        payload: {
          listingId,
          sellerId: 'seller-1',
          title: 'Tokyo Marui MWS',
          category: 'aeg_rifles',
          condition: 'good',
          priceCents: 40000,
          county: 'Cork',
          status: 'active',
          joules: 0.98,
          thumbUrl: null,
          publishedAt: new Date().toISOString(),
        },
      });
    await listings.publish({
      type: 'listings.listing.removed.v1',
      aggregateId: 'L2',
      payload: { listingId: 'L2', sellerId: 'seller-1', removedBy: 'moderator', reason: 'x' },
    });
    // Out of order across topics: sold arrives, then the stale reservation.
    await listings.publish({
      type: 'listings.listing.sold.v1',
      aggregateId: 'L3',
      payload: { listingId: 'L3', sellerId: 'seller-1', orderId: 'O1' },
    });
    await listings.publish({
      type: 'listings.listing.reserved.v1',
      aggregateId: 'L3',
      payload: { listingId: 'L3', sellerId: 'seller-1', orderId: 'O1' },
    });
    const now = new Date().toISOString();
    await orders.publish({
      type: 'orders.order.paid.v1',
      aggregateId: 'O1',
      payload: { ...order('O1', 40000), paidAt: now, shipBy: now },
    });
    await orders.publish({
      type: 'orders.order.shipped.v1',
      aggregateId: 'O1',
      payload: {
        ...order('O1', 40000),
        shippedAt: now,
        carrier: 'An Post',
        trackingNumber: 'LX123',
        handedOverInPerson: false,
        autoReleaseAt: now,
      },
    });
    // The late `created` of O1 does not move it back.
    await orders.publish({
      type: 'orders.order.created.v1',
      aggregateId: 'O1',
      payload: { ...order('O1', 40000), payBy: now },
    });
    await orders.publish({
      type: 'orders.order.created.v1',
      aggregateId: 'O2',
      payload: { ...order('O2', 10000), payBy: now },
    });
    await orders.publish({
      type: 'orders.order.paid.v1',
      aggregateId: 'O3',
      payload: { ...order('O3', 5000), paidAt: now, shipBy: now },
    });
    await orders.publish({
      type: 'orders.order.refunded.v1',
      aggregateId: 'O3',
      payload: {
        ...order('O3', 5000),
        refundedAt: now,
        refundedCents: 6000,
        full: true,
        relist: false,
      },
    });

    await waitFor(
      'the read model caught up',
      async () => {
        const s = await stats();
        return (
          s.users.total === 3 &&
          s.listings.active === 1 &&
          Object.values(s.orders.byState).reduce((a, b) => a + b, 0) === 3 &&
          s.orders.byState['refunded'] === 1 &&
          s.orders.byState['shipped'] === 1
        );
      },
      15_000,
    );
    const s = await stats();
    expect(s.users).toEqual({ total: 3, newThisWeek: 3 });
    expect(s.listings).toEqual({ active: 1 });
    expect(s.orders.byState).toEqual({ shipped: 1, pending_payment: 1, refunded: 1 });
    // O1 only: O2 is unpaid and O3 was refunded. Goods = item + postage; the fee is 2.5 %.
    expect(s.money).toEqual({
      gmvThisMonthCents: 40800,
      feesThisMonthCents: 1020,
      heldCents: 41820,
      ledgerOk: true,
    });
    expect(s.series.signupsByDay.reduce((n, d) => n + d.count, 0)).toBe(3);
    expect(s.series.ordersByDay.reduce((n, d) => n + d.count, 0)).toBe(2);
  });

  it('leaves a suspended seller’s hidden listings out of the active count, until reinstatement', async () => {
    const identity = await publisher('identity');
    const listings = await publisher('listings');
    const before = (await stats()).listings.active;
    const snapshot = (listingId: string, status: 'active' | 'hidden') => ({
      listingId,
      sellerId: 'seller-9',
      title: 'Systema PTW',
      category: 'aeg_rifles',
      condition: 'good',
      priceCents: 90000,
      county: 'Galway',
      status,
      joules: 1,
      thumbUrl: null,
    });
    for (const listingId of ['H1', 'H2', 'H3'])
      await listings.publish({
        type: 'listings.listing.published.v1',
        aggregateId: listingId,
        payload: { ...snapshot(listingId, 'active'), publishedAt: new Date().toISOString() },
      });
    // H3 is reserved by a checkout when the seller is suspended (reserved listings stay).
    await listings.publish({
      type: 'listings.listing.reserved.v1',
      aggregateId: 'H3',
      payload: { listingId: 'H3', sellerId: 'seller-9', orderId: 'O9' },
    });
    await waitFor('published', async () => (await stats()).listings.active === before + 2, 15_000);

    await identity.publish(
      {
        type: 'identity.user.suspended.v1',
        aggregateId: 'seller-9',
        payload: { userId: 'seller-9', reason: 'Scam', until: null, suspendedBy: 'admin-2' },
      },
      { actorId: 'admin-2' },
    );
    // What listings emits as it hides them (ADR 0035).
    for (const listingId of ['H1', 'H2'])
      await listings.publish({
        type: 'listings.listing.updated.v1',
        aggregateId: listingId,
        payload: { ...snapshot(listingId, 'hidden'), changed: ['status'] },
      });
    // The checkout fails: released while the seller is suspended, the listing stays hidden.
    await listings.publish({
      type: 'listings.listing.released.v1',
      aggregateId: 'H3',
      payload: { listingId: 'H3', sellerId: 'seller-9', orderId: 'O9' },
    });
    // A sentinel on the same topic, after H3's release: once X1 counts, H3's release was read.
    await listings.publish({
      type: 'listings.listing.released.v1',
      aggregateId: 'X1',
      payload: { listingId: 'X1', sellerId: 'seller-1', orderId: 'O8' },
    });
    await waitFor(
      'the release was read',
      async () => (await stats()).listings.active === before + 1,
      15_000,
    );
    expect((await stats()).listings.active).toBe(before + 1);

    await identity.publish(
      {
        type: 'identity.user.reinstated.v1',
        aggregateId: 'seller-9',
        payload: { userId: 'seller-9', cause: 'lifted', liftedBy: 'admin-2', note: 'Appeal' },
      },
      { actorId: 'admin-2' },
    );
    await waitFor(
      'shown again',
      async () => (await stats()).listings.active === before + 4,
      15_000,
    );
  }, 60_000);

  it('counts open reports and is for admins only', async () => {
    expect((await stats()).reports.open).toBe(0);
    expect((await t.call('/api/v1/admin/stats')).status).toBe(401);
    expect((await t.call('/api/v1/admin/stats', { token: await t.token('u1') })).status).toBe(403);
  });
});
