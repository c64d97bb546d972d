import { paidOrder, shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(300_000);

/**
 * Issue 23 scenario 4: a user's action and a deadline job on the same order at the same
 * moment. The worker used to lock the job and then the order while actions lock the order and
 * then its jobs: Postgres broke the deadlock by failing one of them. One lock order everywhere.
 */
describe('a user action racing a deadline job on the same order', () => {
  const h = useOrdersHarness('orders_deadline_races', { DB_POOL_SIZE: '10' });

  const errorsOf = (statuses: number[]) => statuses.filter((s) => s !== 200 && s !== 409);

  it('scenario 4: confirm-delivery racing auto_release 50 times: no error, one release each', async () => {
    const statuses: number[] = [];
    const failures: string[] = [];
    for (let i = 0; i < 50; i++) {
      const o = await shippedOrder(h);
      await h.makeDue(o.orderId, 'auto_release');
      const [confirm] = await Promise.all([
        h.action(o.buyer, o.orderId, 'confirm-delivery'),
        h.drain(),
      ]);
      statuses.push(confirm.status);
      const [{ n, last_error }] = (await h.ds.query(
        `SELECT (SELECT count(*)::int FROM orders.ledger_entries WHERE order_id = $1 AND kind = 'release') AS n,
                (SELECT last_error FROM orders.jobs WHERE order_id = $1 AND kind = 'auto_release') AS last_error`,
        [o.orderId],
      )) as { n: number; last_error: string | null }[];
      if (n !== 1) failures.push(`${o.orderId}: ${n} releases`);
      if (last_error && last_error !== 'obsolete') failures.push(`${o.orderId}: ${last_error}`);
    }
    expect(errorsOf(statuses)).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('scenario 4: ship racing ship_by 50 times: no error, one outcome each', async () => {
    const statuses: number[] = [];
    const failures: string[] = [];
    for (let i = 0; i < 50; i++) {
      const o = await paidOrder(h);
      await h.makeDue(o.orderId, 'ship_by');
      const [ship] = await Promise.all([
        h.action(o.seller, o.orderId, 'ship', { handedOverInPerson: true }),
        h.drain(),
      ]);
      statuses.push(ship.status);
      await h.drain();
      const [row] = (await h.ds.query(
        `SELECT status, (SELECT last_error FROM orders.jobs WHERE order_id = $1 AND kind = 'ship_by') AS last_error
           FROM orders.orders WHERE id = $1`,
        [o.orderId],
      )) as { status: string; last_error: string | null }[];
      const expected = ship.status === 200 ? 'shipped' : 'cancelled';
      if (row!.status !== expected)
        failures.push(`${o.orderId}: ${row!.status} after ${ship.status}`);
      if (row!.last_error && row!.last_error !== 'obsolete')
        failures.push(`${o.orderId}: ${row!.last_error}`);
    }
    expect(errorsOf(statuses)).toEqual([]);
    expect(failures).toEqual([]);
  });
});
