import { paidOrder, useOrdersHarness, type OrdersHarness } from './support/orders-harness';

jest.setTimeout(120_000);

/** A request that gives up after `ms` (a stalled pool answers nothing at all). */
async function timed(
  h: OrdersHarness,
  path: string,
  token: string,
  json: unknown,
  ms: number,
): Promise<number | 'timeout'> {
  try {
    const res = await fetch(`${h.base}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: AbortSignal.timeout(ms),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 'timeout';
  }
}

describe('refund order under a pool of 2 connections', () => {
  // Issue 23 scenario 13: a job held the order's row lock in the worker's transaction while
  // the simulated processor recorded its refund event through a second pooled connection; the
  // other connections were waiting on that row lock, so nothing could finish, ever.
  const h = useOrdersHarness('orders_refund_pool', { DB_POOL_SIZE: '2' });

  it('scenario 13: 20 admin refunds + 30 cancels on one paid order, the worker running, leave every route answering', async () => {
    const { buyer, seller, orderId } = await paidOrder(h);
    const admin = await h.user(['admin']);
    let racing = true;
    const worker = (async () => {
      while (racing) {
        await h.drain();
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const statuses = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        timed(h, `/api/v1/orders/${orderId}/refund`, admin.token, { reason: 'race' }, 20_000),
      ),
      ...Array.from({ length: 30 }, (_, i) =>
        timed(h, `/api/v1/orders/${orderId}/cancel`, (i % 2 ? buyer : seller).token, {}, 20_000),
      ),
    ]);
    racing = false;
    await Promise.race([worker, new Promise((r) => setTimeout(r, 20_000))]);

    // Exactly one wins; everyone else is told why (409), nobody waits forever or gets a 5xx.
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    // And the service still answers afterwards.
    expect(await timed(h, `/api/v1/orders/${orderId}`, buyer.token, undefined, 5_000)).toBe(200);
    await h.drain();
    const [row] = (await h.ds.query(`SELECT status FROM orders.orders WHERE id = $1`, [
      orderId,
    ])) as { status: string }[];
    expect(['refunded', 'cancelled']).toContain(row!.status);
    const refunds = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.ledger_entries WHERE order_id = $1 AND kind = 'refund'`,
      [orderId],
    )) as { n: number }[];
    expect(refunds[0]!.n).toBe(1);
  });
});
