import { type LedgerCheckView } from '@loadout/contracts';
import { type ErrorBody, paidOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

describe('view order', () => {
  const h = useOrdersHarness('orders_view');

  it('shows the order to its buyer, its seller and admins; anyone else gets 404', async () => {
    const { seller, buyer, orderId } = await paidOrder(h);
    const admin = await h.user(['user', 'admin']);
    const stranger = await h.user();
    for (const u of [buyer, seller, admin]) {
      const res = await h.order(u, orderId);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(orderId);
    }
    const hidden = await h.order(stranger, orderId);
    const missing = await h.order(stranger, 'A'.repeat(21));
    expect([hidden.status, missing.status]).toEqual([404, 404]);
    expect(hidden.body as unknown as ErrorBody).toMatchObject({
      code: 'ORDERS.NOT_FOUND',
      message: 'This order does not exist.',
    });
    expect((await h.call(`/api/v1/orders/${orderId}`)).status).toBe(401);
  });

  it('proves the ledger to admins only', async () => {
    await paidOrder(h);
    const admin = await h.user(['user', 'admin']);
    const user = await h.user();
    const res = await h.call<LedgerCheckView>('/api/v1/admin/ledger/check', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.heldCents).toBeGreaterThan(0);
    expect(res.body.heldCents).toBe(res.body.expectedHeldCents);
    expect((await h.call('/api/v1/admin/ledger/check', { token: user.token })).status).toBe(403);
  });
});
