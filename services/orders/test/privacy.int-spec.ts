import { type DeletionBlockers, type OrderView, type ServiceDataExport } from '@loadout/contracts';
import { OutboxPublisher, waitFor } from '@loadout/events/testing';
import { DeliveryAddressEraser } from '../src/privacy/erase-old-delivery-addresses/delivery-address-eraser';
import { disputeSteps } from './support/dispute-steps';
import { type ErrorBody, shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(120_000);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Issue 26 GDPR self-service and issue 25 item 1 (ADR 0039): orders' part. */
describe('orders privacy', () => {
  const h = useOrdersHarness('orders_privacy', { LOG_LEVEL: 'error' });
  let identity: OutboxPublisher;

  beforeAll(async () => {
    identity = await OutboxPublisher.start(h.db.url, 'identity');
    // The harness serves HTTP only; this file needs the `orders` consumer group too.
    await h.app.startAllMicroservices();
    // The harness's afterAll (registered first, so run first) drops the database: close the
    // stand-in's connections before that.
    const stop = h.stop.bind(h);
    h.stop = async () => {
      await identity?.close();
      await stop();
    };
  });

  const blockers = (user: { id: string; token: string }, id = user.id) =>
    h.call<DeletionBlockers & ErrorBody>(`/internal/users/${id}/deletion-blockers`, {
      token: user.token,
    });
  const onboard = async (seller: { token: string }) => {
    expect(
      (await h.call('/api/v1/payouts/onboarding', { method: 'POST', token: seller.token })).status,
    ).toBe(200);
  };
  const addressOf = async (orderId: string) =>
    (
      (await h.ds.query(
        `SELECT delivery_address, delivery_area, delivery_address_erased_at, total_cents::int AS total
           FROM orders.orders WHERE id = $1`,
        [orderId],
      )) as {
        delivery_address: unknown;
        delivery_area: string | null;
        delivery_address_erased_at: Date | null;
        total: number;
      }[]
    )[0];

  it('answers only for the caller themselves (401 anonymous, 403 another user)', async () => {
    const a = await h.user();
    const b = await h.user();
    expect((await h.call(`/internal/users/${a.id}/deletion-blockers`)).status).toBe(401);
    expect((await h.call(`/internal/users/${a.id}/export`)).status).toBe(401);
    const other = await blockers(b, a.id);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe('ORDERS.NOT_YOUR_DATA');
    const otherExport = await h.call<ErrorBody>(`/internal/users/${a.id}/export`, {
      token: b.token,
    });
    expect(otherExport.status).toBe(403);
    expect((await blockers(a)).body).toEqual({ items: [] });
  });

  it('blocks a deletion while money is held, a payment or a payout is pending; not once done', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    const created = await h.checkout(buyer, listing.id);
    expect(created.status).toBe(201);
    const orderId = created.body.id;
    expect((await blockers(buyer)).body.items).toEqual([
      { reason: 'payment_pending', orderId, offerId: null, status: 'pending_payment' },
    ]);

    await h.pay(buyer, orderId, {
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    await h.drain();
    for (const u of [buyer, seller])
      expect((await blockers(u)).body.items).toEqual([
        { reason: 'money_held', orderId, offerId: null, status: 'paid' },
      ]);

    await h.action(seller, orderId, 'ship', { carrier: 'An Post', trackingNumber: 'CX1IE' });
    expect((await h.action(buyer, orderId, 'confirm-delivery')).body.status).toBe('completed');
    await h.drain();
    // The seller has no payout account yet: the money owed to them would strand.
    expect((await blockers(seller)).body.items).toEqual([
      { reason: 'payout_pending', orderId, offerId: null, status: 'completed' },
    ]);
    expect((await blockers(buyer)).body.items).toEqual([]);
    await onboard(seller);
    await h.drain();
    expect((await blockers(seller)).body.items).toEqual([]);
  });

  it('blocks a deletion while a dispute is open', async () => {
    const { buyer, seller, orderId } = await shippedOrder(h);
    const opened = await disputeSteps(h).open(buyer, orderId);
    expect(opened.status).toBe(201);
    for (const u of [buyer, seller])
      expect((await blockers(u)).body.items).toEqual([
        { reason: 'open_dispute', orderId, offerId: null, status: 'disputed' },
      ]);
  });

  it("exports the user's orders with amounts, timeline and (for the buyer) the address", async () => {
    const { buyer, seller, orderId } = await shippedOrder(h);
    const mine = await h.call<ServiceDataExport>(`/internal/users/${buyer.id}/export`, {
      token: buyer.token,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.service).toBe('orders');
    const orders = mine.body.data['orders'] as Array<Record<string, unknown>>;
    expect(orders).toEqual([
      expect.objectContaining({
        id: orderId,
        role: 'buyer',
        status: 'shipped',
        totalCents: 13_120,
        deliveryAddress: expect.objectContaining({ county: expect.any(String) }),
        timeline: expect.arrayContaining([expect.objectContaining({ status: 'paid' })]),
      }),
    ]);
    const theirs = await h.call<ServiceDataExport>(`/internal/users/${seller.id}/export`, {
      token: seller.token,
    });
    const sold = theirs.body.data['orders'] as Array<Record<string, unknown>>;
    expect(sold).toEqual([expect.objectContaining({ id: orderId, role: 'seller' })]);
    // The buyer's address is the buyer's data, not part of the seller's archive.
    expect(sold[0]['deliveryAddress']).toBeNull();
  });

  it('erases a deleted buyer’s addresses and a deleted seller’s name, keeps amounts, once', async () => {
    const { buyer, seller, orderId } = await shippedOrder(h);
    await onboard(seller);
    await h.action(buyer, orderId, 'confirm-delivery');
    await h.drain();
    const before = await addressOf(orderId);
    expect(before.delivery_address).not.toBeNull();

    const event = await identity.publish({
      type: 'identity.user.deleted.v1',
      aggregateId: buyer.id,
      payload: { userId: buyer.id, deletedAt: new Date().toISOString() },
    });
    await waitFor(
      'address erased',
      async () => (await addressOf(orderId)).delivery_address === null,
    );
    const after = await addressOf(orderId);
    expect(after.delivery_area).toBe((before.delivery_address as { county: string }).county);
    expect(after.delivery_address_erased_at).not.toBeNull();
    expect(after.total).toBe(before.total);
    // The seller still sees the completed order, without the address.
    const view = await h.order(seller, orderId);
    expect(view.status).toBe(200);
    expect((view.body as OrderView).status).toBe('completed');

    await identity.publish({
      type: 'identity.user.deleted.v1',
      aggregateId: seller.id,
      payload: { userId: seller.id, deletedAt: new Date().toISOString() },
    });
    await waitFor('seller name erased', async () => {
      const rows = (await h.ds.query(
        `SELECT seller_display_name FROM orders.orders WHERE id = $1`,
        [orderId],
      )) as { seller_display_name: string }[];
      return rows[0].seller_display_name === 'Deleted user';
    });
    // The buyer's event was handled once (inbox); the seller's left the erased address as it was.
    const handled = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.inbox WHERE event_id = $1`,
      [event.id],
    )) as { n: number }[];
    expect(handled[0].n).toBe(1);
    expect(await addressOf(orderId)).toEqual(after);
  });

  it('erases a delivery address 90 days after the order is final, not before', async () => {
    const { buyer, seller, orderId } = await shippedOrder(h);
    await onboard(seller);
    await h.action(buyer, orderId, 'confirm-delivery');
    await h.drain();
    const open = await shippedOrder(h);
    const eraser = h.app.get(DeliveryAddressEraser);
    const completedAt = (
      (await h.ds.query(`SELECT completed_at FROM orders.orders WHERE id = $1`, [orderId])) as {
        completed_at: Date;
      }[]
    )[0].completed_at;

    const day89 = new Date(completedAt.getTime() + 89 * DAY_MS);
    await eraser.eraseDue(day89);
    expect((await addressOf(orderId)).delivery_address).not.toBeNull();

    const day91 = new Date(completedAt.getTime() + 91 * DAY_MS);
    expect(await eraser.eraseDue(day91)).toBeGreaterThanOrEqual(1);
    const erased = await addressOf(orderId);
    expect(erased.delivery_address).toBeNull();
    expect(erased.delivery_area).toEqual(expect.any(String));
    expect(erased.delivery_address_erased_at?.getTime()).toBe(day91.getTime());
    // An order still running keeps its address whatever the date.
    expect((await addressOf(open.orderId)).delivery_address).not.toBeNull();
    // The buyer's view of the completed order still answers, with no address.
    const view = await h.order(buyer, orderId);
    expect(view.status).toBe(200);
    expect((view.body as OrderView & { deliveryAddress: unknown }).deliveryAddress).toBeNull();
  });
});
