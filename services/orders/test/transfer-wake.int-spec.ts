import { UnitOfWork } from '@loadout/service-kit';
import { JobRepository } from '../src/escrow/domain/job-repository.port';
import { shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

/**
 * A transfer that waits for payout onboarding is woken when the seller completes it. The wake
 * may land while a worker is running that very job and has just read "not onboarded yet": the
 * worker's "wait an hour" must not bury the wake (`bench:orders` found 1 of 50 transfers still
 * waiting after two minutes).
 */
describe('a transfer woken while its wait is being decided', () => {
  const h = useOrdersHarness('orders_transfer_wake');

  const dueIn = async (orderId: string) =>
    (
      (await h.ds.query(
        `SELECT extract(epoch FROM due_at - now())::float AS seconds FROM orders.jobs
          WHERE order_id = $1 AND kind = 'transfer_to_seller' AND done_at IS NULL`,
        [orderId],
      )) as { seconds: number }[]
    )[0]!.seconds;

  /** A delivered order whose transfer to the seller is due and leased by a worker. */
  const leasedTransfer = async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    expect((await h.action(buyer, orderId, 'confirm-delivery', {})).status).toBe(200);
    await h.makeDue(orderId, 'transfer_to_seller');
    const uow = h.app.get(UnitOfWork);
    const jobs = h.app.get(JobRepository);
    const job = await uow.transaction((tx) => jobs.lease(tx, 60_000));
    expect(job).toMatchObject({ orderId, kind: 'transfer_to_seller' });
    return { seller, orderId, uow, jobs, job };
  };

  it('stays due after onboarding, and the transfer goes at the next run', async () => {
    // The worker leases the job and finds no complete payout account…
    const { seller, orderId, uow, jobs, job } = await leasedTransfer();
    // …the seller completes onboarding meanwhile, which wakes the seller's transfers…
    const onboarded = await h.call('/api/v1/payouts/onboarding', {
      method: 'POST',
      token: seller.token,
    });
    expect(onboarded.status).toBe(200);
    expect(await dueIn(orderId)).toBeLessThanOrEqual(0);
    // …and then the worker records its decision to wait an hour.
    await uow.transaction((tx) =>
      jobs.waitLater(tx, job!, 'waiting for the seller to complete payout onboarding', 3_600_000),
    );

    expect(await dueIn(orderId)).toBeLessThanOrEqual(0);
    await h.drain();
    expect(h.transfers.filter((t) => t.orderId === orderId)).toHaveLength(1);
  });

  it('still waits an hour when nothing woke it', async () => {
    const { orderId, uow, jobs, job } = await leasedTransfer();
    await uow.transaction((tx) =>
      jobs.waitLater(tx, job!, 'waiting for the seller to complete payout onboarding', 3_600_000),
    );
    expect(await dueIn(orderId)).toBeGreaterThan(3_500);
  });
});
