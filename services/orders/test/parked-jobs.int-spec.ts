import { PAYMENT_PROVIDER, type PaymentProvider } from '../src/payments/payment-provider.port';
import { MAX_ATTEMPTS } from '../src/escrow/run-deadlines/orders-worker';
import { paidOrder, shippedOrder, useOrdersHarness } from './support/orders-harness';

jest.setTimeout(60_000);

interface JobRow {
  id: string;
  kind: string;
  attempts: number;
  doneAt: Date | null;
  parkedAt: Date | null;
  lastError: string | null;
}

interface ParkedJobItem {
  id: string;
  orderId: string;
  kind: string;
  attempts: number;
  lastError: string | null;
  parkedAt: string;
}

/**
 * Issue 23 scenario 7: a job that exhausts its attempts is parked (its own state, counted in
 * /metrics, listed for admins with retry and discard), and waiting is not failing.
 */
describe('parked jobs', () => {
  const h = useOrdersHarness('orders_parked_jobs');

  const jobOf = async (orderId: string, kind: string) => {
    const [row] = (await h.ds.query(
      `SELECT id::text, kind, attempts, done_at AS "doneAt", parked_at AS "parkedAt",
              last_error AS "lastError"
         FROM orders.jobs WHERE order_id = $1 AND kind = $2`,
      [orderId, kind],
    )) as JobRow[];
    return row!;
  };

  /** Orders the processor was asked to refund (the stand-in processor, watched). */
  const refunded: string[] = [];
  let processorDown = false;
  beforeAll(() => {
    const provider = h.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const refund = provider.refund.bind(provider);
    provider.refund = (input) => {
      if (processorDown) return Promise.reject(new Error('processor unavailable'));
      refunded.push(input.orderId);
      return refund(input);
    };
  });

  /**
   * A paid order the seller cancelled, whose refund_payment job fails for the last time. (Until
   * ADR 0044 this was a release_listing job failing while listings was down; listings now
   * follows the order events and orders queues no listing job.)
   */
  const parkedRefund = async () => {
    const { seller, orderId } = await paidOrder(h);
    expect((await h.action(seller, orderId, 'cancel', {})).status).toBe(200);
    await h.ds.query(
      `UPDATE orders.jobs SET attempts = $2 WHERE order_id = $1 AND kind = 'refund_payment'`,
      [orderId, MAX_ATTEMPTS - 1],
    );
    processorDown = true;
    try {
      await h.drain();
    } finally {
      processorDown = false;
    }
    return { orderId, job: await jobOf(orderId, 'refund_payment') };
  };

  const parkedCount = async (kind: string) => {
    const [{ n }] = (await h.ds.query(
      `SELECT count(*)::int AS n FROM orders.jobs
        WHERE kind = $1 AND parked_at IS NOT NULL AND done_at IS NULL`,
      [kind],
    )) as { n: number }[];
    return n;
  };

  it('parks a job that exhausted its attempts in its own state, not done like a finished one', async () => {
    const { job, orderId } = await parkedRefund();
    expect(job.doneAt).toBeNull();
    expect(job.parkedAt).toBeInstanceOf(Date);
    expect(job.attempts).toBe(MAX_ATTEMPTS);
    expect(job.lastError).toMatch(/^gave up: /);
    // Parked is not due: the worker leaves it alone until an admin acts.
    await h.ds.query(`UPDATE orders.jobs SET due_at = now() - interval '1 minute' WHERE id = $1`, [
      job.id,
    ]);
    await h.drain();
    expect(await jobOf(orderId, 'refund_payment')).toMatchObject({
      doneAt: null,
      attempts: MAX_ATTEMPTS,
    });
    expect(refunded).not.toContain(orderId);
  });

  it('counts parked jobs per kind in /metrics', async () => {
    await parkedRefund();
    const metrics = await fetch(`${h.base}/metrics`).then((r) => r.text());
    const line = metrics
      .split('\n')
      .find((l) => l.startsWith('loadout_orders_parked_jobs{kind="refund_payment"}'));
    expect(line).toBeDefined();
    expect(Number(line!.split(' ').pop())).toBe(await parkedCount('refund_payment'));
  });

  it('lists parked jobs for admins only, and retries or discards one', async () => {
    const admin = await h.user(['admin']);
    const stranger = await h.user();
    const retried = await parkedRefund();
    const discarded = await parkedRefund();

    expect((await h.call('/internal/jobs/parked')).status).toBe(401);
    expect((await h.call('/internal/jobs/parked', { token: stranger.token })).status).toBe(403);
    const list = await h.call<{ items: ParkedJobItem[] }>('/internal/jobs/parked?limit=200', {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual(
      expect.arrayContaining([
        {
          id: retried.job.id,
          orderId: retried.orderId,
          kind: 'refund_payment',
          attempts: MAX_ATTEMPTS,
          lastError: expect.stringMatching(/^gave up: /),
          parkedAt: expect.any(String),
          createdAt: expect.any(String),
        },
      ]),
    );

    // Retry: open again with fresh attempts, run by the worker.
    const retry = await h.call(`/internal/jobs/parked/${retried.job.id}/retry`, {
      method: 'POST',
      token: admin.token,
    });
    expect(retry.status).toBe(200);
    expect(await jobOf(retried.orderId, 'refund_payment')).toMatchObject({
      parkedAt: null,
      doneAt: null,
      attempts: 0,
    });
    await h.drain();
    expect((await jobOf(retried.orderId, 'refund_payment')).doneAt).toBeInstanceOf(Date);
    expect(refunded).toContain(retried.orderId);

    // Discard: closed for good, with who-knows-why kept; never run.
    const discard = await h.call(`/internal/jobs/parked/${discarded.job.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(discard.status).toBe(204);
    const closed = await jobOf(discarded.orderId, 'refund_payment');
    expect(closed.doneAt).toBeInstanceOf(Date);
    expect(closed.lastError).toMatch(/^discarded by an admin; gave up: /);
    await h.drain();
    expect(refunded).not.toContain(discarded.orderId);

    // Neither is parked any more; an id that is not parked is 404 in the house shape.
    for (const [method, path] of [
      ['DELETE', `/internal/jobs/parked/${discarded.job.id}`],
      ['POST', `/internal/jobs/parked/${retried.job.id}/retry`],
      ['POST', '/internal/jobs/parked/not-a-number/retry'],
    ] as const) {
      const res = await h.call<{ code: string }>(path, { method, token: admin.token });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('ORDERS.PARKED_JOB_NOT_FOUND');
    }
    expect((await h.call('/internal/jobs/parked?limit=0', { token: admin.token })).status).toBe(
      400,
    );
  });

  it('does not count waiting for payout onboarding as attempts', async () => {
    const { buyer, orderId } = await shippedOrder(h);
    expect((await h.action(buyer, orderId, 'confirm-delivery', {})).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      await h.makeDue(orderId, 'transfer_to_seller');
      await h.drain();
    }
    const transfer = await jobOf(orderId, 'transfer_to_seller');
    expect(transfer).toMatchObject({ attempts: 0, doneAt: null, parkedAt: null });
    expect(transfer.lastError).toBe('waiting for the seller to complete payout onboarding');
    expect(h.transfers.filter((t) => t.orderId === orderId)).toEqual([]);
  });
});

/**
 * Parked payment events (issue 23, after scenario 7): a processor event that keeps failing to
 * apply is parked like a job (its own state, not "processed"), counted in /metrics and listed,
 * retried and discarded at the same internal endpoint.
 */
describe('parked payment events', () => {
  const h = useOrdersHarness('orders_parked_events');

  interface EventRow {
    processedAt: Date | null;
    parkedAt: Date | null;
    attempts: number;
    lastError: string | null;
  }

  const eventRow = async (id: string) =>
    (
      (await h.ds.query(
        `SELECT processed_at AS "processedAt", parked_at AS "parkedAt", attempts,
                last_error AS "lastError"
           FROM orders.payment_events WHERE id = $1`,
        [id],
      )) as EventRow[]
    )[0]!;

  /**
   * A refund event of a paid order that cannot be applied (a negative amount), failing its last
   * try. Due a second ago: the worker compares with its own clock in milliseconds, and a row
   * stamped `now()` in the same millisecond (microseconds later) was not due yet.
   */
  const parkedEvent = async () => {
    const { orderId } = await paidOrderForEvents();
    const [order] = (await h.ds.query(`SELECT payment_id FROM orders.orders WHERE id = $1`, [
      orderId,
    ])) as { payment_id: string }[];
    const eventId = `sim_evt_bad_${orderId}`;
    const [row] = (await h.ds.query(
      `INSERT INTO orders.payment_events (provider, event_id, type, order_id, event, available_at, attempts)
       VALUES ('simulated', $1, 'refund.succeeded', $2, $3::jsonb, now() - interval '1 second', $4)
       RETURNING id::text`,
      [
        eventId,
        orderId,
        JSON.stringify({
          provider: 'simulated',
          type: 'refund.succeeded',
          eventId,
          occurredAt: new Date().toISOString(),
          orderId,
          paymentId: order!.payment_id,
          refundId: 're_bad',
          amountCents: -5,
        }),
        MAX_ATTEMPTS - 1,
      ],
    )) as { id: string }[];
    await h.drain();
    return { orderId, id: row!.id };
  };

  const paidOrderForEvents = async () => {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id);
    const order = (await h.checkout(buyer, listing.id)).body;
    const paid = await h.pay(buyer, order.id, {
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2034,
      cvc: '123',
    });
    expect(paid.status).toBe(202);
    await h.drain();
    return { orderId: order.id };
  };

  it('parks an event that exhausted its attempts: not processed, counted, listed, retried, discarded', async () => {
    const admin = await h.user(['admin']);
    const first = await parkedEvent();
    const parked = await eventRow(first.id);
    expect(parked.parkedAt).not.toBeNull();
    expect(parked.processedAt).toBeNull();
    expect(parked.attempts).toBe(MAX_ATTEMPTS);
    expect(parked.lastError).toMatch(/^gave up: /);

    const metrics = await fetch(`${h.base}/metrics`).then((r) => r.text());
    expect(metrics).toMatch(/loadout_orders_parked_jobs\{kind="payment_event"\} 1/);

    const list = await h.call<{ items: ParkedJobItem[] }>('/internal/jobs/parked?limit=200', {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(
      expect.objectContaining({
        id: `event-${first.id}`,
        orderId: first.orderId,
        kind: 'payment_event:refund.succeeded',
        attempts: MAX_ATTEMPTS,
      }),
    );

    // Retried (after the cause was fixed): open again, fresh attempts, applied by the worker.
    await h.ds.query(
      `UPDATE orders.payment_events SET event = jsonb_set(event, '{amountCents}', '0')
        WHERE id = $1`,
      [first.id],
    );
    const retry = await h.call(`/internal/jobs/parked/event-${first.id}/retry`, {
      method: 'POST',
      token: admin.token,
    });
    expect(retry.status).toBe(200);
    await h.drain();
    const retried = await eventRow(first.id);
    expect(retried).toMatchObject({ parkedAt: null, attempts: 1 });
    expect(retried.processedAt).not.toBeNull();

    // Discarded: done for good, kept with its error.
    const second = await parkedEvent();
    const discard = await h.call(`/internal/jobs/parked/event-${second.id}`, {
      method: 'DELETE',
      token: admin.token,
    });
    expect(discard.status).toBe(204);
    const discarded = await eventRow(second.id);
    expect(discarded.parkedAt).toBeNull();
    expect(discarded.processedAt).not.toBeNull();
    expect(discarded.lastError).toMatch(/^discarded by an admin; gave up: /);
    // Neither is parked any more.
    for (const id of [first.id, second.id])
      expect(
        (
          await h.call<{ code: string }>(`/internal/jobs/parked/event-${id}/retry`, {
            method: 'POST',
            token: admin.token,
          })
        ).status,
      ).toBe(404);
  });
});
