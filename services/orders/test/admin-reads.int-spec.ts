import {
  type AdminPage,
  type DisputeView,
  type OrderLedgerView,
  type OrdersPage,
} from '@loadout/contracts';
import { disputeSteps } from './support/dispute-steps';
import { paidOrder, shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

/**
 * Issue 26 (ADR 0038): what the admin area reads of orders — the disputes queue (escalated and
 * chargebacks by default, oldest first, keyset pages), a user's orders and an order's ledger.
 * Admins only: anonymous 401, a normal user 403.
 */
describe('admin reads of orders', () => {
  const h = useOrdersHarness('orders_admin_reads');
  const d = disputeSteps(h);

  const contested = async () => {
    const { buyer, seller, orderId } = await shippedOrder(h);
    const dispute = (await d.open(buyer, orderId)).body;
    const answer = await d.respond(seller, dispute.id, {
      kind: 'contest',
      message: 'It was delivered, tracking says so.',
    });
    expect(answer.body.status).toBe('escalated');
    return { buyer, seller, orderId, dispute };
  };

  it('queues escalated disputes oldest first, not open ones, in keyset pages', async () => {
    const admin = await h.user(['user', 'admin']);
    const first = await contested();
    const second = await contested();
    const { buyer, orderId } = await shippedOrder(h);
    const stillOpen = (await d.open(buyer, orderId)).body;

    const queue = await h.call<AdminPage<DisputeView>>('/api/v1/admin/disputes', {
      token: admin.token,
    });
    expect(queue.status).toBe(200);
    const ids = queue.body.items.map((x) => x.id);
    expect(ids).toEqual(expect.arrayContaining([first.dispute.id, second.dispute.id]));
    expect(ids).not.toContain(stillOpen.id);
    expect(ids.indexOf(first.dispute.id)).toBeLessThan(ids.indexOf(second.dispute.id));

    // One a page: the cursor walks on without repeating.
    const page1 = await h.call<AdminPage<DisputeView>>('/api/v1/admin/disputes?limit=1', {
      token: admin.token,
    });
    expect(page1.body.items).toHaveLength(1);
    expect(page1.body.nextCursor).toEqual(expect.any(String));
    const page2 = await h.call<AdminPage<DisputeView>>(
      `/api/v1/admin/disputes?limit=1&cursor=${encodeURIComponent(page1.body.nextCursor!)}`,
      { token: admin.token },
    );
    expect(page2.body.items[0]!.id).not.toBe(page1.body.items[0]!.id);

    // A status filter lists that status.
    const open = await h.call<AdminPage<DisputeView>>('/api/v1/admin/disputes?status=open', {
      token: admin.token,
    });
    expect(open.body.items.map((x) => x.id)).toContain(stillOpen.id);
    expect(open.body.items.every((x) => x.status === 'open')).toBe(true);

    const bad = await h.call<{ code: string }>('/api/v1/admin/disputes?status=nope', {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
    // A cursor of the right shape with a date that is not one is a 400 too, never a 500.
    const forged = Buffer.from(JSON.stringify(['not-a-date', 'x'])).toString('base64url');
    const forgedPage = await h.call<{ code: string }>(`/api/v1/admin/disputes?cursor=${forged}`, {
      token: admin.token,
    });
    expect(forgedPage.status).toBe(400);
    const forgedOrders = await h.call<{ code: string }>(
      `/api/v1/admin/orders?userId=u1&role=buyer&cursor=${forged}`,
      { token: admin.token },
    );
    expect(forgedOrders.status).toBe(400);
  });

  it('shows a user’s orders by role and an order’s balanced ledger postings', async () => {
    const admin = await h.user(['user', 'admin']);
    const { buyer, seller, orderId } = await paidOrder(h);

    const purchases = await h.call<OrdersPage>(
      `/api/v1/admin/orders?userId=${buyer.id}&role=buyer`,
      { token: admin.token },
    );
    expect(purchases.status).toBe(200);
    expect(purchases.body.items.map((o) => o.id)).toEqual([orderId]);
    const sales = await h.call<OrdersPage>(`/api/v1/admin/orders?userId=${seller.id}&role=seller`, {
      token: admin.token,
    });
    expect(sales.body.items.map((o) => o.id)).toEqual([orderId]);
    expect(
      (
        await h.call(`/api/v1/admin/orders?userId=${seller.id}&role=buyer`, {
          token: admin.token,
        })
      ).body,
    ).toMatchObject({ items: [] });
    expect((await h.call('/api/v1/admin/orders?role=buyer', { token: admin.token })).status).toBe(
      400,
    );

    const ledger = await h.call<OrderLedgerView>(`/api/v1/admin/orders/${orderId}/ledger`, {
      token: admin.token,
    });
    expect(ledger.status).toBe(200);
    const total = purchases.body.items[0]!.amounts.totalCents;
    expect(ledger.body).toMatchObject({ orderId, sumCents: 0 });
    expect(ledger.body.postings.map((p) => [p.kind, p.account, p.amountCents])).toEqual([
      ['payment', 'buyer_payments', -total],
      ['payment', 'escrow_held', total],
    ]);
    expect((await h.call('/api/v1/admin/orders/nope/ledger', { token: admin.token })).status).toBe(
      404,
    );
  });

  it('refuses anonymous callers (401) and normal users (403) on every admin read', async () => {
    const user = await h.user();
    const { orderId } = await paidOrder(h);
    for (const path of [
      '/api/v1/admin/disputes',
      `/api/v1/admin/orders?userId=${user.id}&role=buyer`,
      `/api/v1/admin/orders/${orderId}/ledger`,
    ]) {
      expect((await h.call(path)).status).toBe(401);
      expect((await h.call(path, { token: user.token })).status).toBe(403);
    }
  });
});
