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

  it("filters by listingId: the buyer finds their own order of a listing, nobody else's (issue 25 item 2)", async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const other = await h.user();
    const wanted = h.listing(seller.id);
    const mine = (await h.checkout(buyer, wanted.id)).body.id;
    await h.checkout(buyer, h.listing(seller.id).id);

    const found = await h.call<OrdersPage>(
      `/api/v1/orders?role=buyer&listingId=${encodeURIComponent(wanted.id)}`,
      { token: buyer.token },
    );
    expect(found.status).toBe(200);
    expect(found.body.items.map((o) => [o.id, o.listingId, o.status])).toEqual([
      [mine, wanted.id, 'pending_payment'],
    ]);
    // Another user asking about the same listing sees only their own orders (none).
    const theirs = await h.call<OrdersPage>(
      `/api/v1/orders?role=buyer&listingId=${encodeURIComponent(wanted.id)}`,
      { token: other.token },
    );
    expect(theirs.body.items).toEqual([]);
    const sale = await h.call<OrdersPage>(
      `/api/v1/orders?role=seller&listingId=${encodeURIComponent(wanted.id)}`,
      { token: seller.token },
    );
    expect(sale.body.items.map((o) => o.id)).toEqual([mine]);
    expect(
      (await h.call(`/api/v1/orders?listingId=${'x'.repeat(65)}`, { token: buyer.token })).status,
    ).toBe(400);
  });

  it('refuses a bad role or a tampered cursor with 400', async () => {
    const buyer = await h.user();
    expect((await h.call('/api/v1/orders?role=admin', { token: buyer.token })).status).toBe(400);
    expect((await h.call('/api/v1/orders?cursor=abc', { token: buyer.token })).status).toBe(400);
  });
});
