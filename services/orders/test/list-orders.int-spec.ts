import { type OrdersPage } from '@loadout/contracts';
import { useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

describe('list orders', () => {
  const h = useOrdersHarness('orders_list');

  it("lists a buyer's purchases and a seller's sales, newest first, in keyset pages", async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const other = await h.user();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const listing = h.listing(seller.id);
      ids.push((await h.checkout(buyer, listing.id)).body.id);
    }
    await h.checkout(other, h.listing(seller.id).id);

    const first = await h.call<OrdersPage>('/api/v1/orders?role=buyer&limit=3', {
      token: buyer.token,
    });
    expect(first.status).toBe(200);
    expect(first.body.items.map((o) => o.id)).toEqual(ids.slice(2).reverse());
    const second = await h.call<OrdersPage>(
      `/api/v1/orders?role=buyer&limit=3&cursor=${first.body.nextCursor}`,
      { token: buyer.token },
    );
    expect(second.body.items.map((o) => o.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.body.nextCursor).toBeNull();

    const sales = await h.call<OrdersPage>('/api/v1/orders?role=seller', { token: seller.token });
    expect(sales.body.items).toHaveLength(6);
    const none = await h.call<OrdersPage>('/api/v1/orders?role=seller', { token: buyer.token });
    expect(none.body.items).toEqual([]);
  });

  it('refuses a bad role or a tampered cursor with 400', async () => {
    const buyer = await h.user();
    expect((await h.call('/api/v1/orders?role=admin', { token: buyer.token })).status).toBe(400);
    expect((await h.call('/api/v1/orders?cursor=abc', { token: buyer.token })).status).toBe(400);
  });
});
