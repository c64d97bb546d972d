import { type ClaimedJob } from '../src/escrow/domain/jobs';
import { JobRunner } from '../src/escrow/run-deadlines/job-runner';
import { disputeSteps } from './support/dispute-steps';
import { paidOrder, shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);
const DAY = 24 * 3600_000;

/**
 * Opening and withdrawing a dispute (issue 24): the order is frozen — no automatic release, no
 * ship-by cancel — even when the release job is already due or already claimed by a worker.
 * Real HTTP, Postgres, jobs and outbox; the ledger invariants are checked after every test.
 */
describe('POST /api/v1/orders/{id}/disputes', () => {
  const h = useOrdersHarness('open_dispute');
  const d = disputeSteps(h);
  const onboard = (seller: { token: string }) =>
    h.call('/api/v1/payouts/onboarding', { method: 'POST', token: seller.token });

  it('freezes a shipped order whose release is already due: the job runs and nothing is transferred', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    await onboard(seller);
    await h.makeDue(orderId, 'auto_release');

    const opened = await d.open(buyer, orderId);
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      orderId,
      status: 'open',
      origin: 'buyer',
      reason: 'not_received',
    });
    await h.drain();

    const order = (await h.order(buyer, orderId)).body;
    expect(order.status).toBe('disputed');
    expect(h.transfers.filter((t) => t.orderId === orderId)).toEqual([]);
    expect((await d.postings(orderId)).filter(([kind]) => kind === 'release')).toEqual([]);
    expect((await d.openJobs(orderId)).map((j) => j.kind)).toEqual(['dispute_escalate']);
    expect(await h.topics(orderId)).not.toContain('orders.order.completed.v1');
    const events = (await h.ds.query(
      `SELECT topic, envelope->'payload' AS payload FROM orders.outbox WHERE aggregate_id = $1`,
      [opened.body.id],
    )) as { topic: string; payload: Record<string, unknown> }[];
    expect(events).toEqual([
      {
        topic: 'orders.dispute.opened.v1',
        payload: expect.objectContaining({
          orderId,
          disputeId: opened.body.id,
          buyerId: buyer.id,
          respondBy: opened.body.respondBy,
        }),
      },
    ]);
  });

  it('freezes the release even when a worker had already claimed the due job', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    await onboard(seller);
    await h.makeDue(orderId, 'auto_release');
    const [job] = (await h.ds.query(
      `SELECT id::text, order_id AS "orderId", kind, day, ref, payload, attempts
         FROM orders.jobs WHERE order_id = $1 AND kind = 'auto_release'`,
      [orderId],
    )) as ClaimedJob[];

    expect((await d.open(buyer, orderId)).status).toBe(201);
    await h.app.get(JobRunner).run(job!); // the claimed job runs after the dispute committed
    await h.drain();

    expect((await h.order(buyer, orderId)).body.status).toBe('disputed');
    expect(h.transfers.filter((t) => t.orderId === orderId)).toEqual([]);
  });

  it('freezes the ship-by auto-cancel of a paid order', async () => {
    const { buyer, orderId, listing } = await paidOrder(h);
    await h.makeDue(orderId, 'ship_by');
    expect((await d.open(buyer, orderId, { reason: 'other' })).status).toBe(201);
    await h.drain();
    expect((await h.order(buyer, orderId)).body.status).toBe('disputed');
    expect(listing.status).toBe('reserved');
    expect((await d.postings(orderId)).filter(([kind]) => kind === 'refund')).toEqual([]);
  });

  it('withdrawn: the release clock resumes with at least 3 days left, then releases', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    await onboard(seller);
    // One hour of the 14 days left when the buyer disputes.
    await h.ds.query(
      `UPDATE orders.orders SET auto_release_at = now() + interval '1 hour' WHERE id = $1`,
      [orderId],
    );
    const dispute = (await d.open(buyer, orderId)).body;

    const before = Date.now();
    const withdrawn = await d.withdraw(buyer, dispute.id);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.status).toBe('withdrawn');

    const order = (await h.order(buyer, orderId)).body;
    expect(order.status).toBe('shipped');
    const releaseAt = new Date(order.autoReleaseAt!).getTime();
    expect(releaseAt).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(releaseAt).toBeLessThan(Date.now() + 3 * DAY + 1_000);
    const jobs = await d.openJobs(orderId);
    expect(jobs).toEqual([
      { kind: 'auto_release', dueAt: new Date(order.autoReleaseAt!), ref: dispute.id },
    ]);
    const [withdrawnEvent] = (await h.ds.query(
      `SELECT envelope->'payload'->>'resumesUntil' AS until FROM orders.outbox
        WHERE aggregate_id = $1 AND topic = 'orders.dispute.withdrawn.v1'`,
      [dispute.id],
    )) as { until: string }[];
    expect(withdrawnEvent!.until).toBe(order.autoReleaseAt);

    // Nothing releases early; at the resumed deadline the money goes to the seller.
    await h.drain();
    expect(h.transfers.filter((t) => t.orderId === orderId)).toEqual([]);
    await h.makeDue(orderId, 'auto_release');
    await h.drain();
    expect((await h.order(buyer, orderId)).body.status).toBe('completed');
    expect(h.transfers.filter((t) => t.orderId === orderId)).toHaveLength(1);
  });

  it('withdrawn from a paid order: the ship-by deadline resumes (at least 3 days)', async () => {
    const { buyer, orderId } = await paidOrder(h);
    const dispute = (await d.open(buyer, orderId)).body;
    expect((await d.withdraw(buyer, dispute.id)).status).toBe(200);
    const order = (await h.order(buyer, orderId)).body;
    expect(order.status).toBe('paid');
    // The original 7 days are longer than 3: they stand.
    expect(new Date(order.shipBy!).getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    // The dropped ship-by job stays closed; one new one, named after the dispute, at that time.
    expect(await d.openJobs(orderId)).toEqual([
      { kind: 'ship_by', dueAt: new Date(order.shipBy!), ref: dispute.id },
    ]);
  });

  it('is the buyer’s, once, on a paid or shipped order only; a stranger learns nothing', async () => {
    const { seller, buyer, orderId } = await shippedOrder(h);
    const stranger = await h.user();
    const admin = await h.user(['admin']);
    expect((await d.open(stranger, orderId)).status).toBe(404);
    expect((await d.open(stranger, 'nope')).status).toBe(404);
    const bySeller = await d.open(seller, orderId);
    expect(bySeller.status).toBe(403);
    expect(bySeller.body).toMatchObject({ code: 'DISPUTES.NOT_ALLOWED' });
    expect((await d.open(admin, orderId)).status).toBe(403);
    expect((await d.open(buyer, orderId)).status).toBe(201);
    const twice = await d.open(buyer, orderId);
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'DISPUTES.ALREADY_OPEN' });

    const pending = await h.checkout(buyer, h.listing(seller.id).id);
    const early = await d.open(buyer, pending.body.id);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ code: 'DISPUTES.ORDER_NOT_DISPUTABLE' });
  });

  it('answers bad input with 400 and the shared error shape, never a 5xx', async () => {
    const { buyer, orderId } = await paidOrder(h);
    const bad: unknown[] = [
      {},
      { reason: 'bored', description: 'x', wanted: { kind: 'full_refund' } },
      { reason: 'damaged', description: '   ', wanted: { kind: 'full_refund' } },
      { reason: 'damaged', description: 'Cracked', wanted: null },
      { reason: 'damaged', description: 'Cracked', wanted: 'full_refund' },
      { reason: 'damaged', description: 'Cracked', wanted: { kind: 'everything' } },
      {
        reason: 'damaged',
        description: 'Cracked',
        wanted: { kind: 'partial_refund', amountCents: 1.5 },
      },
      { reason: 'damaged', description: 'x'.repeat(2001), wanted: { kind: 'full_refund' } },
    ];
    for (const json of bad) {
      const res = await h.call(`/api/v1/orders/${orderId}/disputes`, { token: buyer.token, json });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
        requestId: expect.any(String),
      });
    }
    for (const amountCents of [0, 999_999_999]) {
      const res = await d.open(buyer, orderId, { wanted: { kind: 'partial_refund', amountCents } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'DISPUTES.INVALID_AMOUNT' });
    }
    expect((await h.order(buyer, orderId)).body.status).toBe('paid');
  });
});
