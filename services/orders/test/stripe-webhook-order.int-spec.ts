import fc from 'fast-check';
import { stripeEvent } from './factories/stripe-event.factory';
import { type TestUser } from './factories/user.factory';
import { useStripeOrdersHarness, type StripeOrdersHarness } from './support/stripe-harness';

/**
 * Stripe delivers webhooks at least once and in no particular order. Property: for one order,
 * any delivery of its events — late, shuffled, repeated, several at once, with one or two
 * workers running at any moment in between — ends in the same state as delivering each event
 * once, in order, right after it happened. Real HTTP endpoint (signed raw bodies), real inbox,
 * real worker and apply-payment-event path, real Postgres; Stripe is the stand-in.
 *
 * Issue 23 extension: the seller ships and the buyer confirms (`ship_release`: the release,
 * the transfer booked when made, ADR 0036) between the events, and events after it (a
 * dispute, a dashboard refund, a transfer reversal) meet a completed order. The buyer's
 * actions happen only once the payment they follow has reached Loadout (a sync point): what
 * is delivered before it is applied first, in the scrambled run too.
 *
 * ADR 0042: a failed refund (`failed_refund`: an admin refunds the paid order, Stripe reports
 * the refund made, then failed, as `charge.refund.updated` and `refund.failed`) ends with the
 * money held again once and one retry queued, whatever the arrival. Whether its success was
 * booked (and the buyer told) before its failure depends on arrival, like a dashboard refund's
 * steps: confirmation entries and refunded topics count as "some", the money exactly.
 */

type Outcome = 'succeeded' | 'failed' | 'failed_then_succeeded';
type Extra =
  | 'dispute'
  | 'transfer_reversed'
  | 'payout_failed'
  | 'payout_paid'
  | 'unknown'
  | 'dashboard_refund'
  | 'ship_release'
  | 'failed_refund';

interface Scenario {
  outcome: Outcome;
  onboarded: boolean;
  extras: Extra[];
}

/** One thing that happens at Stripe, and the webhook events it sends (object as it was then). */
type Transition = ((
  h: StripeOrdersHarness,
  o: PreparedOrder,
) => ReturnType<typeof stripeEvent>[] | Promise<ReturnType<typeof stripeEvent>[]>) & {
  /** A party's action (no event): everything delivered before it is applied first. */
  sync?: true;
};

interface PreparedOrder {
  orderId: string;
  paymentId: string;
  accountId: string;
  sellerId: string;
  seller: TestUser;
  buyer: TestUser;
  admin: TestUser;
}

const snapshot = <T>(o: T): T => structuredClone(o);

function transitionsFor(s: Scenario): Transition[] {
  const t: Transition[] = [];
  const fail: Transition = (h, o) => [
    stripeEvent(
      'payment_intent.payment_failed',
      snapshot(h.stripe.fail(o.paymentId, 'insufficient_funds')),
    ),
  ];
  const succeed: Transition = (h, o) => [
    stripeEvent('payment_intent.succeeded', snapshot(h.stripe.succeed(o.paymentId))),
  ];
  if (s.outcome === 'failed') t.push(fail);
  if (s.outcome === 'succeeded') t.push(succeed);
  if (s.outcome === 'failed_then_succeeded') t.push(fail, succeed);
  if (s.onboarded) {
    // Onboarding sends several account.updated: details submitted (still pending), then complete.
    // A late 'pending' snapshot must not undo 'complete': the adapter re-reads the account (a
    // build that trusted the snapshot failed this property on its first run).
    t.push((h, o) => [
      stripeEvent('account.updated', snapshot(h.stripe.submitDetails(o.accountId))),
    ]);
    t.push((h, o) => [
      stripeEvent('account.updated', snapshot(h.stripe.completeAccount(o.accountId))),
    ]);
  }
  const paid = s.outcome !== 'failed';
  if (s.extras.includes('failed_refund') && paid) {
    // First of the extras, so the order is still paid: an admin refunds it, Stripe makes it.
    const refund: Transition = async (h, o) => {
      expect((await h.action(o.admin, o.orderId, 'refund', { reason: 'Refund' })).status).toBe(200);
      await h.drain();
      return [];
    };
    t.push(Object.assign(refund, { sync: true as const }));
    const loadoutRefund = (h: StripeOrdersHarness, o: PreparedOrder) =>
      [...h.stripe.refunds.values()].find((r) => r.payment_intent === o.paymentId)!;
    const chargeOf = (h: StripeOrdersHarness, o: PreparedOrder) => ({
      ...h.stripe.charges.get(h.stripe.paymentIntents.get(o.paymentId)!.latest_charge as string)!,
      metadata: {},
    });
    t.push((h, o) => [stripeEvent('charge.refunded', snapshot(chargeOf(h, o)))]);
    t.push((h, o) => [
      stripeEvent('charge.refund.updated', snapshot(h.stripe.failRefund(loadoutRefund(h, o).id))),
    ]);
    t.push((h, o) => [stripeEvent('refund.failed', snapshot(loadoutRefund(h, o)))]);
  }
  for (const extra of s.extras) {
    if (extra === 'ship_release' && paid) {
      // The seller hands it over, the buyer confirms: released, the transfer made if onboarded.
      // On an order that is no longer paid (refunded meanwhile) both answer 409, in every run.
      const act: Transition = async (h, o) => {
        await h.action(o.seller, o.orderId, 'ship', { handedOverInPerson: true });
        await h.action(o.buyer, o.orderId, 'confirm-delivery');
        await h.drain();
        return [];
      };
      t.push(Object.assign(act, { sync: true as const }));
    }
    if (extra === 'dispute' && paid) {
      const dispute = (o: PreparedOrder, status: string) => ({
        id: `dp_${o.orderId}`,
        object: 'dispute',
        amount: 500,
        charge: 'ch_unknown',
        payment_intent: o.paymentId,
        reason: 'product_not_received',
        status,
        metadata: {},
      });
      t.push((_h, o) => [stripeEvent('charge.dispute.created', dispute(o, 'needs_response'))]);
      t.push((_h, o) => [stripeEvent('charge.dispute.closed', dispute(o, 'won'))]);
    }
    if (extra === 'dashboard_refund' && paid) {
      // Refunded in the Stripe dashboard while held: €10 first (partially_refunded), then the
      // rest (refunded). Each charge.refunded carries the cumulative amount refunded.
      t.push((h, o) => [
        stripeEvent('charge.refunded', snapshot(h.stripe.refundInDashboard(o.paymentId, 1_000))),
      ]);
      t.push((h, o) => [
        stripeEvent('charge.refunded', snapshot(h.stripe.refundInDashboard(o.paymentId))),
      ]);
    }
    if (extra === 'transfer_reversed')
      t.push((_h, o) => [
        stripeEvent('transfer.reversed', {
          id: `tr_${o.orderId}`,
          object: 'transfer',
          amount: 1_000,
          amount_reversed: 1_000,
          transfer_group: o.orderId,
          metadata: {},
        }),
      ]);
    if (extra === 'payout_failed')
      t.push((_h, o) => [
        stripeEvent(
          'payout.failed',
          {
            id: `po_${o.orderId}`,
            object: 'payout',
            amount: 1_000,
            failure_code: 'account_closed',
          },
          { account: o.accountId },
        ),
      ]);
    if (extra === 'payout_paid')
      // A later payout reached the bank (ADR 0049): newer than any failure above, so the
      // account needs no attention at the end, whichever arrives first.
      t.push((_h, o) => [
        stripeEvent(
          'payout.paid',
          { id: `po_paid_${o.orderId}`, object: 'payout', amount: 2_000, status: 'paid' },
          { account: o.accountId, created: Math.floor(Date.now() / 1000) + 5 },
        ),
      ]);
    if (extra === 'unknown')
      t.push((_h, o) => [
        stripeEvent('charge.updated', {
          id: 'ch_x',
          object: 'charge',
          payment_intent: o.paymentId,
        }),
      ]);
  }
  return t;
}

/** How each event copy is delivered: after its transition by `delay` steps, then by `order`. */
interface Delivery {
  copies: { event: number; delay: number; order: number }[];
  drainAfter: boolean[];
  /** Per step: deliver its due copies all at once (concurrent requests) rather than in turn. */
  together: boolean[];
  /** Per drain: two workers at once (SKIP LOCKED claims) rather than one. */
  twoWorkers: boolean[];
}

describe('Stripe webhooks in any order, any number of times', () => {
  const h = useStripeOrdersHarness('stripe_webhook_order');

  async function prepare(s: Scenario): Promise<PreparedOrder> {
    const seller = await h.user();
    const buyer = await h.user();
    const listing = h.listing(seller.id, { priceCents: 4_000, postageCents: 700 });
    const created = await h.checkout(buyer, listing.id);
    expect(created.status).toBe(201);
    const paid = await h.call<{ payment: { paymentId: string } }>(
      `/api/v1/orders/${created.body.id}/pay`,
      {
        token: buyer.token,
        json: {},
      },
    );
    expect(paid.status).toBe(202);
    // Onboarding costs three Stripe calls: only for scenarios with account events.
    let accountId = `acct_none_${created.body.id}`;
    if (s.onboarded || s.extras.includes('payout_failed') || s.extras.includes('payout_paid')) {
      const onboarding = await h.call('/api/v1/payouts/onboarding', {
        token: seller.token,
        json: {},
      });
      expect(onboarding.status).toBeLessThan(300);
      accountId = [...h.stripe.accounts.values()].find(
        (a) => (a.metadata as { user_id?: string }).user_id === seller.id,
      )!.id;
    }
    return {
      orderId: created.body.id,
      paymentId: paid.body.payment.paymentId,
      accountId,
      sellerId: seller.id,
      seller,
      buyer,
      admin: await h.user(['admin']),
    };
  }

  async function deliverOk(event: unknown) {
    const res = await h.deliver(event);
    expect(res.status).toBe(200);
  }

  /** Everything an observer could tell about the order and its seller's payout account. */
  async function endState(o: PreparedOrder) {
    const order = await h.orderRow(o.orderId);
    const pi = h.stripe.paymentIntents.get(o.paymentId)!;
    // Refund events carry the cumulative amount, so when the full refund's event overtakes the
    // partial one the partial step is skipped: one refund entry instead of two, the same money.
    // Refund entries and refunded topics therefore count as "some", everything else exactly.
    const [ledger] = (await h.ds.query(
      `SELECT coalesce(sum(p.amount_cents), 0)::int AS total,
              coalesce(sum(p.amount_cents) FILTER (WHERE p.account = 'escrow_held'), 0)::int AS held,
              coalesce(sum(p.amount_cents) FILTER (WHERE p.account = 'refunds'), 0)::int AS refunded,
              coalesce(sum(p.amount_cents) FILTER (WHERE p.account = 'seller_payable'), 0)::int AS owed,
              coalesce(sum(p.amount_cents) FILTER (WHERE p.account = 'seller_paid'), 0)::int AS paid,
              count(DISTINCT p.entry_id) FILTER (WHERE e.kind NOT IN ('refund', 'refund_confirmed'))::int AS entries,
              bool_or(e.kind = 'refund') AS "anyRefundEntry"
         FROM orders.ledger_postings p JOIN orders.ledger_entries e ON e.id = p.entry_id
        WHERE p.order_id = $1`,
      [o.orderId],
    )) as { total: number; held: number; refunded: number; entries: number }[];
    const [inbox] = (await h.ds.query(
      `SELECT count(*) FILTER (WHERE processed_at IS NOT NULL)::int AS applied,
              count(*) FILTER (WHERE processed_at IS NULL)::int AS pending,
              coalesce(max(attempts), 0)::int AS "maxAttempts"
         FROM orders.payment_events WHERE order_id = $1 OR event->>'accountId' = $2`,
      [o.orderId, o.accountId],
    )) as { applied: number; pending: number; maxAttempts: number }[];
    const [refund] = (await h.ds.query(
      `SELECT refund_pending_cents AS pending, refund_due_cents AS due, refund_failures AS failures
         FROM orders.orders WHERE id = $1`,
      [o.orderId],
    )) as { pending: number; due: number; failures: number }[];
    const [account] = (await h.ds.query(
      `SELECT status, payout_failure_code AS "attention" FROM orders.payout_accounts
        WHERE seller_id = $1`,
      [o.sellerId],
    )) as { status: string; attention: string | null }[];
    return {
      status: order.status,
      lastPaymentError: order.last_payment_error_code,
      chargedFromLatestCharge: order.charge_id !== null && order.charge_id === pi.latest_charge,
      refundedCents: order.refunded_cents,
      ledger,
      refund,
      inbox,
      payoutAccount: account?.status,
      payoutAttention: account?.attention ?? null,
      topics: (await h.topics(o.orderId)).filter(
        (t, i, all) => t !== 'orders.order.refunded.v1' || all[i - 1] !== t,
      ),
    };
  }

  async function inOrder(scenario: Scenario) {
    const o = await prepare(scenario);
    for (const transition of transitionsFor(scenario)) {
      for (const event of await transition(h, o)) await deliverOk(event);
      await h.drain();
    }
    return endState(o);
  }

  async function scrambled(scenario: Scenario, d: Delivery) {
    const o = await prepare(scenario);
    const transitions = transitionsFor(scenario);
    const events: { event: unknown; at: number; delivered: boolean }[] = [];
    let step = 0;
    let drains = 0;
    const drain = () =>
      d.twoWorkers[drains++ % d.twoWorkers.length]
        ? Promise.all([h.drain(), h.drain()])
        : h.drain();
    for (let at = 0; at <= transitions.length; at++) {
      const transition = transitions[at];
      if (transition?.sync) {
        // A party acts only once what came before it reached Loadout: late first copies now.
        for (const e of events.filter((e) => !e.delivered)) {
          await deliverOk(e.event);
          e.delivered = true;
        }
        await drain();
      }
      if (transition)
        for (const e of await transition(h, o)) events.push({ event: e, at, delivered: false });
      // Copies whose time has come (never before their own transition), in the drawn order.
      const due = d.copies
        .filter((c) => c.event < events.length)
        .filter((c) => Math.min(events[c.event]!.at + c.delay, transitions.length) === at)
        .sort((a, b) => a.order - b.order);
      if (due.length > 1 && d.together[at % d.together.length]) {
        await Promise.all(due.map((c) => deliverOk(events[c.event]!.event)));
        for (const c of due) events[c.event]!.delivered = true;
        if (d.drainAfter[step++ % d.drainAfter.length]) await drain();
        continue;
      }
      for (const c of due) {
        await deliverOk(events[c.event]!.event);
        events[c.event]!.delivered = true;
        if (d.drainAfter[step++ % d.drainAfter.length]) await drain();
      }
    }
    await drain();
    await h.drain();
    return endState(o);
  }

  const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
    outcome: fc.constantFrom<Outcome>('succeeded', 'failed', 'failed_then_succeeded'),
    onboarded: fc.boolean(),
    extras: fc.uniqueArray(
      fc.constantFrom<Extra>(
        'dispute',
        'transfer_reversed',
        'payout_failed',
        'payout_paid',
        'unknown',
        'dashboard_refund',
        'ship_release',
        'failed_refund',
      ),
      {
        maxLength: 6,
      },
    ),
  });

  /** Every event at least once, up to three times, each copy late by 0..3 steps. */
  const deliveryArb = (eventCount: number): fc.Arbitrary<Delivery> =>
    fc.record({
      copies: fc
        .tuple(
          fc.array(fc.tuple(fc.nat(3), fc.double({ noNaN: true })), {
            minLength: eventCount,
            maxLength: eventCount,
          }),
          fc.array(
            fc.record({
              event: fc.nat(eventCount - 1),
              delay: fc.nat(3),
              order: fc.double({ noNaN: true }),
            }),
            {
              maxLength: eventCount * 2,
            },
          ),
        )
        .map(([base, extra]) => [
          ...base.map(([delay, order], event) => ({ event, delay, order })),
          ...extra,
        ]),
      drainAfter: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      together: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
      twoWorkers: fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }),
    });

  /** Events per scenario: one per transition that is not a party's action. */
  const eventCount = (s: Scenario) => transitionsFor(s).filter((t) => !t.sync).length;

  it('reaches the in-order end state: status, ledger, payout account, events applied once (200 runs)', async () => {
    const started = Date.now();
    const reference = new Map<string, Awaited<ReturnType<typeof endState>>>();
    await fc.assert(
      fc.asyncProperty(
        scenarioArb.chain((s) => fc.tuple(fc.constant(s), deliveryArb(eventCount(s)))),
        async ([scenario, delivery]) => {
          // The in-order end state depends only on the scenario: delivered for real once per shape.
          // Extras keep their order: after the release a refund or a dispute meets another order.
          const key = JSON.stringify(scenario);
          const expected = reference.get(key) ?? (await inOrder(scenario));
          reference.set(key, expected);
          const actual = await scrambled(scenario, delivery);
          expect(actual).toEqual(expected);
          // Each recorded event applied exactly once; the ignored type never stored.
          const recorded = eventCount(scenario) - (scenario.extras.includes('unknown') ? 1 : 0);
          expect(actual.inbox).toEqual({ applied: recorded, pending: 0, maxAttempts: 1 });
          const check = await h.ledgerCheck();
          expect(check.ok).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
    console.log(`webhook order property: 200 runs in ${Date.now() - started} ms`);
    // ~1 s per run on a loaded 2-core machine (200–520 s measured); generous so load never fails it.
  }, 1_800_000);
});
