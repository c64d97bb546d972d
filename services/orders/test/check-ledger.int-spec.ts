import { Client } from 'pg';
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
    // Every statement of the service reaches PostgreSQL through a pg client (the check's on
    // the raw unit of work's, ADR 0055).
    const query = Client.prototype.query as (this: Client, ...args: unknown[]) => unknown;
    let released = false;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (
      this: Client,
      ...args: unknown[]
    ) {
      const answer = query.apply(this, args);
      // Right after the check read what escrow holds, the buyer confirms delivery: the
      // money leaves escrow and the order stops counting as held, in one commit.
      if (released || !String(args[0]).includes(`account = 'escrow_held'`)) return answer;
      released = true;
      return (answer as Promise<unknown>).then(async (rows) => {
        const confirmed = await h.action(buyer, orderId, 'confirm-delivery', {});
        expect(confirmed.status).toBe(200);
        return rows;
      });
    } as never);
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
