import { type DeliveryAddress, type OrderView, type OrdersPage } from '@loadout/contracts';
import { buildAddress } from './factories/address.factory';
import { type ErrorBody, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

const CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };

const SNAPSHOT: DeliveryAddress = {
  name: 'Aoife Byrne',
  line1: '12 Main Street',
  line2: null,
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'N37 X2C4',
  phone: '087 123 4567',
};

interface Details {
  details?: { field: string; messages: string[] }[];
}

describe('delivery address (issue 25 item 1, ADR 0029)', () => {
  const h = useOrdersHarness('orders_delivery_address');

  const parties = async () => {
    const seller = await h.user();
    const buyer = await h.user();
    return { seller, buyer, listing: h.listing(seller.id) };
  };

  it('refuses a post checkout without an address, before anything is reserved', async () => {
    const { buyer, listing } = await parties();
    const res = await h.checkout(buyer, listing.id, 'post', null);
    expect(res.status).toBe(400);
    expect(res.body as unknown as ErrorBody & Details).toMatchObject({
      code: 'ORDERS.DELIVERY_ADDRESS_REQUIRED',
      details: [{ field: 'deliveryAddress' }],
      requestId: expect.any(String),
    });
    expect(listing.status).toBe('active');
  });

  it('refuses an address on a collection checkout', async () => {
    const { buyer, listing } = await parties();
    const res = await h.checkout(buyer, listing.id, 'collection', buildAddress());
    expect(res.status).toBe(400);
    expect((res.body as unknown as ErrorBody).code).toBe('ORDERS.DELIVERY_ADDRESS_NOT_ALLOWED');
    expect(listing.status).toBe('active');
  });

  it('refuses an invalid address field by field, and wrong types with a 400 (never a 500)', async () => {
    const { buyer, listing } = await parties();
    const res = await h.checkout(
      buyer,
      listing.id,
      'post',
      buildAddress({ eircode: 'BT1 1AA', county: 'Antrim' }),
    );
    expect(res.status).toBe(400);
    const body = res.body as unknown as ErrorBody & Details;
    expect(body.code).toBe('ORDERS.DELIVERY_ADDRESS_INVALID');
    expect(body.details?.map((d) => d.field)).toEqual([
      'deliveryAddress.county',
      'deliveryAddress.eircode',
    ]);
    for (const deliveryAddress of ['Main Street', [], 7, { ...buildAddress(), name: 5 }]) {
      const bad = await h.call<ErrorBody>('/api/v1/orders', {
        token: buyer.token,
        json: { listingId: listing.id, delivery: 'post', deliveryAddress },
      });
      expect(bad.status).toBe(400);
    }
    expect(listing.status).toBe('active');
  });

  it('snapshots the address, normalised, and shows it to the buyer from the start', async () => {
    const { buyer, listing } = await parties();
    const res = await h.checkout(buyer, listing.id, 'post', buildAddress({ line2: '  ' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      deliveryAddress: SNAPSHOT,
      hasDeliveryAddress: true,
      collectionCounty: null,
    });
    const [row] = (await h.ds.query(`SELECT delivery_address FROM orders.orders WHERE id = $1`, [
      res.body.id,
    ])) as [{ delivery_address: DeliveryAddress }];
    expect(row.delivery_address).toEqual(SNAPSHOT);

    // The same buyer's next order, to another address, leaves the first one as it was.
    const other = h.listing(listing.sellerId);
    const second = await h.checkout(
      buyer,
      other.id,
      'post',
      buildAddress({
        line1: '1 Quay Street',
        town: 'Galway',
        county: 'Galway',
        eircode: 'H91 E2K3',
      }),
    );
    expect(second.body.deliveryAddress).toMatchObject({ town: 'Galway', eircode: 'H91 E2K3' });
    expect((await h.order(buyer, res.body.id)).body.deliveryAddress).toEqual(SNAPSHOT);
  });

  it('shows the seller the address only once the order is paid; nobody else sees it', async () => {
    const { seller, buyer, listing } = await parties();
    const stranger = await h.user();
    const admin = await h.user(['admin']);
    const created = await h.checkout(buyer, listing.id);
    const id = created.body.id;

    // pending_payment: the seller knows an address exists, not what it is.
    const sellerBefore = await h.order(seller, id);
    expect(sellerBefore.status).toBe(200);
    expect(sellerBefore.body).toMatchObject({ deliveryAddress: null, hasDeliveryAddress: true });
    const salesBefore = await h.call<OrdersPage>('/api/v1/orders?role=seller', {
      token: seller.token,
    });
    expect(salesBefore.body.items.find((o) => o.id === id)?.deliveryAddress).toBeNull();
    expect((await h.order(stranger, id)).status).toBe(404);
    expect((await h.order(admin, id)).body.deliveryAddress).toBeNull();

    expect((await h.pay(buyer, id, CARD)).status).toBe(202);
    await h.drain();

    const sellerAfter = await h.order(seller, id);
    expect(sellerAfter.body).toMatchObject({ status: 'paid', deliveryAddress: SNAPSHOT });
    const salesAfter = await h.call<OrdersPage>('/api/v1/orders?role=seller', {
      token: seller.token,
    });
    expect(salesAfter.body.items.find((o) => o.id === id)?.deliveryAddress).toEqual(SNAPSHOT);
    expect((await h.order(buyer, id)).body.deliveryAddress).toEqual(SNAPSHOT);
    // Not a party: 404 as ever; admins see it only while handling a dispute.
    expect((await h.order(stranger, id)).status).toBe(404);
    expect((await h.order(admin, id)).body.deliveryAddress).toBeNull();
    const strangersPurchases = await h.call<OrdersPage>('/api/v1/orders?role=buyer', {
      token: stranger.token,
    });
    expect(strangersPurchases.body.items).toEqual([]);

    // The seller's own action answers with what the seller may see.
    const shipped = await h.action(seller, id, 'ship', {
      carrier: 'An Post',
      trackingNumber: 'CX123456789IE',
    });
    expect(shipped.body).toMatchObject({ status: 'shipped', deliveryAddress: SNAPSHOT });
  });

  it('hides the address from the seller again once a paid order is cancelled', async () => {
    const { seller, buyer, listing } = await parties();
    const id = (await h.checkout(buyer, listing.id)).body.id;
    await h.pay(buyer, id, CARD);
    await h.drain();
    const cancelled = await h.action(seller, id, 'cancel', { reason: 'Sold elsewhere.' });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', deliveryAddress: null });
    expect((await h.order(seller, id)).body.deliveryAddress).toBeNull();
    expect((await h.order(buyer, id)).body.deliveryAddress).toEqual(SNAPSHOT);
    await h.drain();
  });

  it('puts the address on the paid event (for the "You sold" email), not on the created one', async () => {
    const { buyer, listing } = await parties();
    const id = (await h.checkout(buyer, listing.id)).body.id;
    await h.pay(buyer, id, CARD);
    await h.drain();
    const rows = (await h.ds.query(
      `SELECT topic, envelope->'payload' AS payload FROM orders.outbox
        WHERE aggregate_id = $1 ORDER BY seq`,
      [id],
    )) as { topic: string; payload: Record<string, unknown> }[];
    const created = rows.find((r) => r.topic === 'orders.order.created.v1')!;
    const paid = rows.find((r) => r.topic === 'orders.order.paid.v1')!;
    expect(created.payload).not.toHaveProperty('deliveryAddress');
    expect(paid.payload.deliveryAddress).toEqual(SNAPSHOT);
  });

  it("gives a collection order the listing's county and no address", async () => {
    const { seller, buyer, listing } = await parties();
    const res = await h.checkout(buyer, listing.id, 'collection');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject<Partial<OrderView>>({
      delivery: 'collection',
      deliveryAddress: null,
      hasDeliveryAddress: false,
      collectionCounty: 'Kildare',
    });
    expect((await h.order(seller, res.body.id)).body.collectionCounty).toBe('Kildare');
  });
});
