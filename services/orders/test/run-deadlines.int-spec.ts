import { type NestFastifyApplication } from '@nestjs/platform-fastify';
import { SqlJobRepository } from '../src/escrow/persistence/job.repository';
import { SqlPaymentEventRepository } from '../src/escrow/persistence/payment-event.repository';
import { JobRunner } from '../src/escrow/run-deadlines/job-runner';
import { OrdersWorker } from '../src/escrow/run-deadlines/orders-worker';
import { ORDERS_CONFIG } from '../src/orders.config';
import { createServiceApp, PgUnitOfWork } from '@loadout/service-kit';
import { ordersService } from '../src/orders.service';
import { cards } from './factories/card.factory';
import { paidOrder, shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(90_000);

describe('deadlines worker', () => {
  const h = useOrdersHarness('orders_deadlines');

  it('expires an unpaid order after its pay-by deadline and frees the listing', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    const order = (await h.checkout(buyer, listing.id)).body;
    await h.drain();
    expect((await h.order(buyer, order.id)).body.status).toBe('pending_payment');

    await h.makeDue(order.id, 'expire_unpaid');
    await h.drain();

    expect((await h.order(buyer, order.id)).body.status).toBe('expired');
    expect(listing.status).toBe('active');
    expect(await h.topics(order.id)).toEqual([
      'orders.order.created.v1',
      'orders.order.expired.v1',
    ]);
    // An expired order cannot be paid any more.
    const late = await h.pay(buyer, order.id, cards.ok());
    expect(late.status).toBe(409);
  });

  it('cancels and refunds a paid order the seller did not ship in time', async () => {
    const { buyer, orderId, listing } = await paidOrder(h);
    await h.makeDue(orderId, 'ship_by');
    await h.drain();
    const order = (await h.order(buyer, orderId)).body;
    expect(order.status).toBe('cancelled');
    expect(order.timeline.at(-1)).toMatchObject({ status: 'cancelled', actor: 'system' });
    expect(listing.status).toBe('active');
    expect(await h.topics(orderId)).toEqual(
      expect.arrayContaining(['orders.order.cancelled.v1', 'orders.order.refunded.v1']),
    );
  });

  it('reminds the buyer on day 7 and 12, then releases automatically on day 14', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    await h.call('/api/v1/payouts/onboarding', { method: 'POST', token: seller.token });
    await h.makeDue(orderId, 'release_reminder');
    await h.drain();
    const reminders = (await h.ds.query(
      `SELECT envelope->'payload'->>'day' AS day FROM orders.outbox
        WHERE aggregate_id = $1 AND topic = 'orders.order.reminder.v1' ORDER BY seq`,
      [orderId],
    )) as { day: string }[];
    expect(reminders.map((r) => r.day)).toEqual(['7', '12']);

    await h.makeDue(orderId, 'auto_release');
    await h.drain();
    const order = (await h.order(buyer, orderId)).body;
    expect(order.status).toBe('completed');
    expect(order.timeline.at(-1)).toMatchObject({ status: 'completed', actor: 'system' });
    expect(h.transfers.filter((t) => t.orderId === orderId)).toHaveLength(1);
  });

  it('does nothing when a deadline comes after the order moved on', async () => {
    const { buyer, orderId } = await shippedOrder(h);
    await h.action(buyer, orderId, 'confirm-delivery');
    await h.ds.query(
      `UPDATE orders.jobs SET done_at = NULL, due_at = now() WHERE order_id = $1 AND kind = 'auto_release'`,
      [orderId],
    );
    await h.drain();
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.ledger_entries WHERE order_id = $1 AND kind = 'release'`,
      [orderId],
    )) as { n: number }[];
    expect(n).toBe(1);
  });

  it('queues no listing job: listings down, the cancelled event frees the listing once it is back (ADR 0044)', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    const order = (await h.checkout(buyer, listing.id)).body;
    h.listings.failing = true;
    try {
      expect((await h.action(buyer, order.id, 'cancel')).status).toBe(200);
      await h.drain();
      const jobs = (await h.ds.query(
        `SELECT kind FROM orders.jobs WHERE order_id = $1 AND done_at IS NULL`,
        [order.id],
      )) as { kind: string }[];
      expect(jobs).toEqual([]);
      expect(listing.status).toBe('reserved');
    } finally {
      h.listings.failing = false;
    }
    await h.drain();
    expect(listing.status).toBe('active');
    expect(h.listings.calls.filter((c) => c.orderId === order.id).map((c) => c.command)).toEqual([
      'reserve',
    ]);
  });

  it('asks with one lone statement when nothing is due: no transaction, no BEGIN or COMMIT (ADR 0066)', async () => {
    await paidOrder(h);
    await h.drain();
    // Every module has its own unit of work: watched on all of them (only the worker runs).
    const transaction = jest.spyOn(PgUnitOfWork.prototype, 'transaction');
    const read = jest.spyOn(PgUnitOfWork.prototype, 'read');
    try {
      expect(await h.worker.drain()).toBe(0);
      expect(transaction).not.toHaveBeenCalled();
      expect(read).toHaveBeenCalledTimes(1); // a payment event or a job due? in one look
    } finally {
      transaction.mockRestore();
      read.mockRestore();
    }
  });

  it('runs a burst several at a time, each item once, and an idle look in one lane', async () => {
    const seller = await h.user();
    const orders: string[] = [];
    for (let i = 0; i < 8; i++) {
      const buyer = await h.user();
      orders.push((await h.checkout(buyer, h.listing(seller.id).id)).body.id);
    }
    await h.ds.query(
      `UPDATE orders.jobs SET due_at = now() - interval '1 second' WHERE order_id = ANY($1::text[])`,
      [orders],
    );
    let active = 0;
    let most = 0;
    const run = JobRunner.prototype.run;
    const runs = jest.spyOn(JobRunner.prototype, 'run').mockImplementation(async function (
      this: JobRunner,
      job,
    ) {
      most = Math.max(most, ++active);
      try {
        // Long enough that lanes started meanwhile overlap with this one.
        await new Promise((r) => setTimeout(r, 20));
        return await run.call(this, job);
      } finally {
        active--;
      }
    });
    try {
      expect(await h.drain()).toBe(8);
    } finally {
      runs.mockRestore();
    }
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(h.app.get(ORDERS_CONFIG).ORDERS_WORKER_CONCURRENCY);
    const expired = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.outbox
        WHERE aggregate_id = ANY($1::text[]) AND topic = 'orders.order.expired.v1'`,
      [orders],
    )) as { n: number }[];
    expect(expired[0]!.n).toBe(8);
  });

  it('applies a due payment before the due expiry of its order, and claims nothing it did not count (ADR 0066)', async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const order = (await h.checkout(buyer, h.listing(seller.id).id)).body;
    expect((await h.pay(buyer, order.id, cards.ok())).status).toBe(202);
    // The success and the expiry are both due now: the success goes first, and the order it
    // pays closes the expiry, so no job is left to lease.
    await h.ds.query(
      `UPDATE orders.payment_events SET available_at = now() - interval '1 second' WHERE order_id = $1`,
      [order.id],
    );
    await h.ds.query(
      `UPDATE orders.jobs SET due_at = now() - interval '1 second'
        WHERE order_id = $1 AND done_at IS NULL`,
      [order.id],
    );
    const claims = jest.spyOn(SqlPaymentEventRepository.prototype, 'claimDue');
    const leases = jest.spyOn(SqlJobRepository.prototype, 'lease');
    try {
      expect(await h.drain()).toBe(1);
      expect(claims).toHaveBeenCalledTimes(1);
      expect(leases).not.toHaveBeenCalled();
    } finally {
      claims.mockRestore();
      leases.mockRestore();
    }
    expect(await h.topics(order.id)).toContain('orders.order.paid.v1');
    expect(await h.topics(order.id)).not.toContain('orders.order.expired.v1');
  });

  describe('with two workers racing', () => {
    let second: NestFastifyApplication;

    beforeAll(async () => {
      second = await createServiceApp(ordersService, h.config);
      await second.init();
    });

    afterAll(async () => {
      await second?.close();
    });

    it('fires each deadline exactly once', async () => {
      const seller = await h.user();
      const orders: string[] = [];
      for (let i = 0; i < 12; i++) {
        const buyer = await h.user();
        const listing = h.listing(seller.id);
        orders.push((await h.checkout(buyer, listing.id)).body.id);
      }
      await h.ds.query(
        `UPDATE orders.jobs SET due_at = now() - interval '1 second' WHERE order_id = ANY($1::text[])`,
        [orders],
      );

      const [a, b] = await Promise.all([h.drain(), second.get(OrdersWorker).drain()]);

      expect(a + b).toBe(12); // 12 expiries (listings frees the listings from the events)
      const expired = (await h.ds.query(
        `SELECT aggregate_id, count(*)::int AS n FROM orders.outbox
          WHERE aggregate_id = ANY($1::text[]) AND topic = 'orders.order.expired.v1'
          GROUP BY aggregate_id`,
        [orders],
      )) as { n: number }[];
      expect(expired).toHaveLength(12);
      expect(expired.every((e) => e.n === 1)).toBe(true);
      await h.deliverOrderEvents();
      for (const id of orders)
        expect(
          h.listings.consumed.filter((c) => c.orderId === id && c.changed).map((c) => c.topic),
        ).toEqual(['orders.order.expired.v1']);
    });
  });
});
