import { EntityManager } from 'typeorm';
import { shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

/**
 * Issue 23 scenario 6 (the ledger check part): the check reads the ledger and the orders in one
 * snapshot, so money moving between its queries never raises a false alarm.
 */
describe('ledger check', () => {
  const h = useOrdersHarness('orders_check_ledger');

  it('sees one snapshot: a release committed between its queries raises no alarm', async () => {
    const { buyer, orderId } = await shippedOrder(h);
    const query = EntityManager.prototype.query;
    let released = false;
    const spy = jest.spyOn(EntityManager.prototype, 'query').mockImplementation(async function (
      this: EntityManager,
      sql: string,
      params?: Parameters<EntityManager['query']>[1],
    ) {
      const rows = (await query.call(this, sql, params)) as unknown;
      // Right after the check read what escrow holds, the buyer confirms delivery: the
      // money leaves escrow and the order stops counting as held, in one commit.
      if (!released && sql.includes(`account = 'escrow_held'`)) {
        released = true;
        const confirmed = await h.action(buyer, orderId, 'confirm-delivery', {});
        expect(confirmed.status).toBe(200);
      }
      return rows;
    });
    try {
      const check = await h.ledgerCheck();
      expect(released).toBe(true);
      expect(check).toMatchObject({ ok: true, unbalancedOrders: [] });
      expect(check.heldCents).toBe(check.expectedHeldCents);
    } finally {
      spy.mockRestore();
    }
    // Afterwards the release is visible: nothing held.
    expect(await h.ledgerCheck()).toMatchObject({ ok: true, heldCents: 0, expectedHeldCents: 0 });
  });

  it('finds refund_pending money of an order with no refund in flight, and a refund in flight the ledger lacks (ADR 0042)', async () => {
    const { orderId } = await shippedOrder(h);
    // Shipped orders cannot be cancelled: an admin refunds it, the refund is now in flight.
    const admin = await h.user(['admin']);
    expect((await h.action(admin, orderId, 'refund', { reason: 'Lost' })).status).toBe(200);
    expect(await h.ledgerCheck()).toMatchObject({ ok: true, refundPendingMismatches: [] });
    // The order forgets its refund in flight: the ledger's pending money is unexplained.
    await h.ds.query(`UPDATE orders.orders SET refund_pending_cents = 0 WHERE id = $1`, [orderId]);
    expect(await h.ledgerCheck()).toMatchObject({
      ok: false,
      refundPendingMismatches: [{ orderId, ledgerCents: 13_120, inFlightCents: 0 }],
    });
    // The order says more is in flight than the ledger shows.
    await h.ds.query(`UPDATE orders.orders SET refund_pending_cents = 20000 WHERE id = $1`, [
      orderId,
    ]);
    expect(await h.ledgerCheck()).toMatchObject({
      ok: false,
      refundPendingMismatches: [{ orderId, ledgerCents: 13_120, inFlightCents: 20_000 }],
    });
    await h.ds.query(`UPDATE orders.orders SET refund_pending_cents = 13120 WHERE id = $1`, [
      orderId,
    ]);
    // Confirmed by the processor: nothing pending, nothing in flight.
    await h.drain();
    expect(await h.ledgerCheck()).toMatchObject({ ok: true, refundPendingMismatches: [] });
  });
});
