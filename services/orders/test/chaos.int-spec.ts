import { type OrderView } from '@loadout/contracts';
import { type TestUser } from './factories/user.factory';
import { ChaosHarness } from './support/chaos-harness';
import { sleep } from './support/chaos-proxy';
import { type ApiResponse } from './support/orders-harness';
import { STAND_IN_CARDS } from './support/stripe-stand-in';

/**
 * Issue 23, "the chaos proof": 200 orders through the whole lifecycle while every external
 * call can fail and the orders app dies at random moments; afterwards the books must be right.
 *
 * - Faults: the listings and Stripe stand-ins (real HTTP) sit behind fault proxies: 15 % of
 *   calls answer 503, are cut before arriving, are applied and then lose their answer (the
 *   caller's timeout / crash-after-effect case) or answer late. That covers reserve, release,
 *   sold, PaymentIntent create/confirm/retrieve/cancel, refunds and transfers.
 * - Webhooks: every change at the Stripe stand-in becomes its Stripe event, delivered late,
 *   shuffled, dropped (redelivered later), twice, several at once.
 * - Crashes: the orders app is killed in-process every 1.5–4.5 s (HTTP connections dropped,
 *   pool ended, its Postgres backends terminated mid-transaction) and a new app starts on the
 *   same database (see `ChaosHarness`; not a child process, said in ADR 0043).
 * - Parties: buyers retry a failed call like a browser does (same idempotency key), sometimes
 *   click twice; orders take one of nine paths (abandon, cancel before/after paying, decline
 *   then pay, confirm, auto-release, ship-by lapse, admin refund before/after shipping).
 * - Then faults stop, Stripe redelivers everything, time passes (every deadline and postponed
 *   job made due), the worker drains and listings' sweep runs, until nothing changes.
 *
 * Invariants: every order final or resumable (an open job that will move it, none parked);
 * every listing sold to its completed order, reserved for its open order, or active — never
 * stranded; Σ ledger = 0 per order; escrow_held per order = what a money-holding order still
 * owes; every Stripe charge is the order's recorded payment or fully refunded; at most one
 * transfer per order, made exactly for completed orders of onboarded sellers and booked.
 *
 * Seed: CHAOS_SEED=<n> replays the same draws (timing still varies: the run is concurrent).
 */

const ORDERS = Number(process.env.CHAOS_ORDERS ?? 200);
const LANES = 12;
const FAULT_RATE = Number(process.env.CHAOS_FAULT_RATE ?? 0.15);
const SEED = Number(process.env.CHAOS_SEED ?? Date.now() % 2 ** 31);

const PLANS = [
  'abandon',
  'cancel_unpaid',
  'cancel_paid',
  'decline_then_complete',
  'complete',
  'auto_release',
  'ship_by_lapse',
  'admin_refund_paid',
  'admin_refund_shipped',
] as const;
type Plan = (typeof PLANS)[number];

const FINAL = ['completed', 'cancelled', 'refunded', 'partially_refunded', 'expired'];
const HOLDS_MONEY = ['paid', 'shipped', 'disputed', 'partially_refunded'];

interface Seller {
  user: TestUser;
  onboarded: boolean;
}

interface OrderPlan {
  n: number;
  plan: Plan;
  seller: Seller;
  buyer: TestUser;
  listingId: string;
  clientConfirm: boolean;
  doubleClick: boolean;
  orderId: string | null;
  reached: string;
}

describe('chaos: 200 orders, faults at every external call, crashes, then the books', () => {
  const h = new ChaosHarness(SEED);
  beforeAll(() => h.start('orders_chaos'), 60_000);
  afterAll(async () => {
    await h.stop();
    // Every crashed app's timers and connections are gone (a dead process has none).
    expect(h.deadAppCloses.filter((c) => !c.startsWith('closed'))).toEqual([]);
  }, 60_000);

  const statuses = new Map<string, number>();
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);

  /** One call as a browser makes it: retried on no answer or a 5xx, same idempotency key. */
  async function attempt<T>(
    name: string,
    call: () => Promise<ApiResponse<T>>,
    tries = 6,
  ): Promise<ApiResponse<T> | null> {
    for (let i = 0; i < tries; i++) {
      try {
        const res = await call();
        count(`${name} ${res.status}`);
        if (res.status < 500) return res;
      } catch {
        count(`${name} no answer`);
      }
      await sleep(100 + Math.floor(h.random() * 400));
    }
    return null;
  }

  async function statusOf(o: OrderPlan): Promise<string | null> {
    const res = await attempt('view', () => h.order(o.buyer, o.orderId!), 2);
    return res?.status === 200 ? res.body.status : null;
  }

  async function waitFor(o: OrderPlan, wanted: string[], ms = 12_000): Promise<boolean> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      const s = await statusOf(o);
      if (s && wanted.includes(s)) return true;
      await sleep(150);
    }
    return false;
  }

  /** Checkout; after a lost answer the buyer finds the order the first try made. */
  async function checkout(o: OrderPlan): Promise<string | null> {
    for (let i = 0; i < 6; i++) {
      const res = await attempt('checkout', () => h.checkout(o.buyer, o.listingId), 1);
      if (res?.status === 201) return res.body.id;
      const mine = await attempt(
        'list',
        () =>
          h.call<{ items: OrderView[] }>(
            `/api/v1/orders?role=buyer&listingId=${encodeURIComponent(o.listingId)}`,
            { token: o.buyer.token },
          ),
        2,
      );
      if (mine?.status === 200 && mine.body.items.length > 0) return mine.body.items[0]!.id;
      await sleep(200 + Math.floor(h.random() * 600));
    }
    return null;
  }

  async function act(o: OrderPlan, user: TestUser, action: string, json: unknown = {}) {
    const key = `chaos-${o.n}-${action}`;
    const once = () => attempt(action, () => h.action(user, o.orderId!, action, json, key));
    if (!o.doubleClick) return once();
    const [a] = await Promise.all([once(), once()]);
    return a;
  }

  async function pay(o: OrderPlan, paymentMethodId: string | null, key: string) {
    const once = () =>
      attempt('pay', () =>
        h.call<{ payment: { paymentId: string } }>(`/api/v1/orders/${o.orderId}/pay`, {
          token: o.buyer.token,
          json: paymentMethodId ? { paymentMethodId } : {},
          headers: { 'idempotency-key': key },
        }),
      );
    const [res] = o.doubleClick ? await Promise.all([once(), once()]) : [await once()];
    return res;
  }

  async function live(o: OrderPlan): Promise<void> {
    o.orderId = await checkout(o);
    if (!o.orderId) return;
    o.reached = 'checked out';
    if (o.plan === 'abandon') return;
    if (o.plan === 'cancel_unpaid') {
      await act(o, o.buyer, 'cancel', { reason: 'Changed my mind' });
      return;
    }
    if (o.plan === 'decline_then_complete') {
      await pay(o, STAND_IN_CARDS.declined, `chaos-${o.n}-pay-declined`);
      await sleep(100);
    }
    let paid = null;
    for (let i = 0; i < 3 && !paid; i++) {
      const res = await pay(
        o,
        o.clientConfirm ? null : STAND_IN_CARDS.visa,
        `chaos-${o.n}-pay-${o.clientConfirm ? 'element' : 'card'}-${i}`,
      );
      if (res?.status === 202) paid = res;
      else await sleep(500);
    }
    if (!paid) return;
    o.reached = 'pay started';
    if (o.clientConfirm) {
      // The Payment Element confirms in the buyer's browser, straight with Stripe.
      const pi = h.stripe.paymentIntents.get(paid.body.payment.paymentId);
      if (pi && pi.status === 'requires_payment_method') {
        pi.payment_method = STAND_IN_CARDS.visa;
        h.stripe.succeed(pi.id);
      }
    }
    if (!(await waitFor(o, ['paid']))) return;
    o.reached = 'paid';
    if (o.plan === 'ship_by_lapse') return;
    if (o.plan === 'cancel_paid') {
      await act(o, o.buyer, 'cancel', { reason: 'Found it cheaper' });
      return;
    }
    if (o.plan === 'admin_refund_paid') {
      await act(o, admin, 'refund', { reason: 'Seller asked us to refund' });
      return;
    }
    const shipped = await act(o, o.seller.user, 'ship', {
      carrier: 'An Post',
      trackingNumber: `CX${String(o.n).padStart(9, '0')}IE`,
    });
    if (shipped?.status !== 200) return;
    o.reached = 'shipped';
    if (o.plan === 'auto_release') return;
    if (o.plan === 'admin_refund_shipped') {
      await act(o, admin, 'refund', { reason: 'Lost in the post' });
      return;
    }
    const confirmed = await act(o, o.buyer, 'confirm-delivery');
    if (confirmed?.status === 200) o.reached = 'confirmed';
  }

  let admin!: TestUser;

  it('leaves every order final or resumable, no listing stranded, and the money right', async () => {
    console.log(`chaos seed ${SEED} (CHAOS_SEED=${SEED} to replay the draws)`);
    const started = Date.now();
    admin = await h.user(['admin']);

    // Sellers: three in four finish payout onboarding (faults off while setting up).
    const sellers: Seller[] = [];
    for (let i = 0; i < 40; i++) {
      const user = await h.user();
      const onboarded = i % 4 !== 3;
      if (onboarded) {
        const res = await h.call('/api/v1/payouts/onboarding', { token: user.token, json: {} });
        expect(res.status).toBe(200);
        const account = [...h.stripe.accounts.values()].find(
          (a) => (a.metadata as { user_id?: string }).user_id === user.id,
        )!;
        h.webhooks.collect();
        h.stripe.completeAccount(account.id);
      }
      sellers.push({ user, onboarded });
    }
    await h.webhooks.flush((e) => h.deliverStatus(e));
    await h.drain();
    const [{ complete }] = (await h.ds.query(
      `SELECT count(*)::int AS complete FROM orders.payout_accounts WHERE status = 'complete'`,
    )) as { complete: number }[];
    expect(complete).toBe(30);

    const plans: OrderPlan[] = [];
    for (let n = 0; n < ORDERS; n++) {
      const seller = sellers[Math.floor(h.random() * sellers.length)]!;
      const listing = h.listing(seller.user.id, {
        priceCents: 500 + Math.floor(h.random() * 20_000),
        postageCents: Math.floor(h.random() * 900),
      });
      plans.push({
        n,
        plan: PLANS[Math.floor(h.random() * PLANS.length)]!,
        seller,
        buyer: await h.user(),
        listingId: listing.id,
        clientConfirm: h.random() < 0.5,
        doubleClick: h.random() < 0.2,
        orderId: null,
        reached: 'nothing',
      });
    }

    // The chaos: lanes of parties, the webhook pump with one or two workers, the crasher.
    h.faultRate = FAULT_RATE;
    let running = true;
    const pump = (async () => {
      for (let round = 1; running; round++) {
        await h.webhooks.pump((e) => h.deliverStatus(e));
        // Listings' sweep runs meanwhile, on reservations older than 3 s (the TTL is 1 s).
        if (round % 40 === 0 && !h.isDown) await h.sweepListings(3_000).catch(() => undefined);
        if (h.random() < 0.3) await Promise.all([h.safeDrain(), h.safeDrain()]);
        else await h.safeDrain();
        await sleep(25);
      }
    })();
    const crasher = (async () => {
      while (running) {
        await sleep(1_500 + Math.floor(h.random() * 3_000));
        if (running) await h.crashAndRestart(100 + Math.floor(h.random() * 400));
      }
    })();
    let next = 0;
    await Promise.all(
      Array.from({ length: LANES }, async () => {
        while (next < plans.length) await live(plans[next++]!);
      }),
    );
    running = false;
    await Promise.all([pump, crasher]);
    const chaosMs = Date.now() - started;

    const rounds = await h.quiesce();

    // ---- the books ----
    const problems: string[] = [];
    const orders = (await h.ds.query(
      `SELECT o.id, o.listing_id AS "listingId", o.seller_id AS "sellerId", o.status,
              o.total_cents AS "totalCents", o.refunded_cents AS "refundedCents",
              o.seller_receives_cents AS "sellerReceivesCents", o.payment_id AS "paymentId",
              o.charge_id AS "chargeId", o.shipped_at IS NOT NULL AS shipped,
              coalesce(l.total, 0)::int AS "ledgerSum", coalesce(l.held, 0)::int AS held,
              coalesce(l.paid_in, 0)::int AS "paidIn", coalesce(l.paid_out, 0)::int AS "paidOut",
              coalesce((SELECT array_agg(e.ref ORDER BY e.ref) FROM orders.ledger_entries e
                         WHERE e.order_id = o.id AND e.kind = 'stray_payment'), '{}') AS "strays",
              (SELECT count(*)::int FROM orders.jobs j
                WHERE j.order_id = o.id AND j.done_at IS NULL AND j.parked_at IS NULL) AS "openJobs",
              (SELECT count(*)::int FROM orders.jobs j
                WHERE j.order_id = o.id AND j.done_at IS NULL AND j.kind = 'transfer_to_seller'
                  AND j.parked_at IS NULL) AS "waitingTransfers"
         FROM orders.orders o
         LEFT JOIN (SELECT p.order_id, sum(p.amount_cents) AS total,
                           sum(p.amount_cents) FILTER (WHERE p.account = 'escrow_held') AS held,
                           -- The order's own payment; a stray one (a second PaymentIntent that
                           -- also succeeded) is booked in and straight back out, checked below.
                           -sum(p.amount_cents) FILTER (WHERE p.account = 'buyer_payments'
                                                          AND e.kind = 'payment') AS paid_in,
                           sum(p.amount_cents) FILTER (WHERE p.account = 'seller_paid') AS paid_out
                      FROM orders.ledger_postings p
                      JOIN orders.ledger_entries e ON e.id = p.entry_id
                     GROUP BY p.order_id) l ON l.order_id = o.id`,
    )) as {
      id: string;
      listingId: string;
      sellerId: string;
      status: string;
      totalCents: number;
      refundedCents: number;
      sellerReceivesCents: number;
      paymentId: string | null;
      chargeId: string | null;
      shipped: boolean;
      ledgerSum: number;
      held: number;
      paidIn: number;
      paidOut: number;
      /** PaymentIntent ids booked as stray payments of the order. */
      strays: string[];
      openJobs: number;
      waitingTransfers: number;
    }[];
    const byId = new Map(orders.map((o) => [o.id, o]));
    const onboarded = new Set(sellers.filter((s) => s.onboarded).map((s) => s.user.id));

    // Every order final or resumable.
    for (const o of orders)
      if (!FINAL.includes(o.status) && o.openJobs === 0)
        problems.push(`order ${o.id} stuck in ${o.status} with nothing to move it`);
    const [parked] = (await h.ds.query(
      `SELECT (SELECT count(*)::int FROM orders.jobs WHERE parked_at IS NOT NULL AND done_at IS NULL) AS jobs,
              (SELECT count(*)::int FROM orders.payment_events WHERE parked_at IS NOT NULL) AS "parkedEvents",
              (SELECT count(*)::int FROM orders.payment_events WHERE processed_at IS NULL) AS "openEvents"`,
    )) as { jobs: number; parkedEvents: number; openEvents: number }[];
    if (parked!.jobs || parked!.parkedEvents || parked!.openEvents)
      problems.push(`parked or unapplied work left: ${JSON.stringify(parked)}`);
    // With faults off and time run out, a job still open is one that waits (payout onboarding),
    // never one that keeps failing.
    const failing = (await h.ds.query(
      `SELECT kind, order_id AS "orderId", last_error AS "lastError" FROM orders.jobs
        WHERE done_at IS NULL AND parked_at IS NULL
          AND (last_error IS NULL OR last_error NOT LIKE 'waiting %')`,
    )) as { kind: string; orderId: string; lastError: string | null }[];
    for (const j of failing)
      problems.push(
        `job ${j.kind} of order ${j.orderId} still open: ${j.lastError ?? 'never ran'}`,
      );

    // No listing stranded.
    for (const p of plans) {
      const l = h.listings.listings.get(p.listingId)!;
      const mine = orders.filter((o) => o.listingId === p.listingId);
      const gone = mine.filter(
        (o) =>
          o.status === 'completed' ||
          (o.shipped && ['refunded', 'partially_refunded'].includes(o.status)),
      );
      const open = mine.filter((o) => !FINAL.includes(o.status));
      const where = `listing ${l.id} (${p.plan}, reached ${p.reached})`;
      if (mine.length > 1) problems.push(`${where}: ${mine.length} orders for one listing`);
      if (gone.length > 0) {
        if (l.status !== 'sold' || l.soldOrderId !== gone[0]!.id)
          problems.push(`${where}: order ${gone[0]!.id} took the item, listing ${l.status}`);
      } else if (open.length > 0) {
        if (l.status !== 'reserved' || l.reservedOrderId !== open[0]!.id)
          problems.push(`${where}: open order ${open[0]!.id}, listing ${l.status}`);
      } else if (l.status !== 'active')
        problems.push(
          `${where}: no order holds it (${mine.map((o) => o.status).join(',') || 'none'}), listing ${l.status} for ${l.reservedOrderId ?? l.soldOrderId}`,
        );
    }

    // Σ ledger = 0 per order; escrow_held = what a money-holding order still owes.
    for (const o of orders) {
      if (o.ledgerSum !== 0) problems.push(`order ${o.id} ledger sums to ${o.ledgerSum}`);
      const owed = HOLDS_MONEY.includes(o.status) ? o.totalCents - o.refundedCents : 0;
      if (o.held !== owed)
        problems.push(`order ${o.id} (${o.status}) holds ${o.held}, owes ${owed}`);
    }
    const check = await h.ledgerCheck();
    if (!check.ok || check.heldCents !== check.expectedHeldCents)
      problems.push(`ledger check: ${JSON.stringify(check)}`);

    // No charge without a recorded payment or a refund.
    for (const pi of h.stripe.paymentIntents.values()) {
      if (pi.status !== 'succeeded') continue;
      const charge = h.stripe.charges.get(pi.latest_charge as string)!;
      const orderId = (pi.metadata as { order_id?: string }).order_id ?? '';
      const o = byId.get(orderId);
      const kept =
        o &&
        o.paymentId === pi.id &&
        ['paid', 'shipped', 'completed', 'disputed', 'partially_refunded'].includes(o.status);
      if (kept) {
        if (o.paidIn !== charge.amount || o.totalCents !== charge.amount)
          problems.push(
            `order ${o.id}: charged ${charge.amount}, booked ${o.paidIn}, total ${o.totalCents}`,
          );
        if (charge.amount_refunded !== o.refundedCents)
          problems.push(
            `order ${o.id}: ${charge.amount_refunded} refunded at Stripe, ${o.refundedCents} recorded`,
          );
      } else if (charge.amount_refunded !== charge.amount)
        problems.push(
          `${pi.id} of order ${orderId} (${o?.status ?? 'none'}, recorded ${o?.paymentId ?? '-'}): charged ${charge.amount}, refunded ${charge.amount_refunded}`,
        );
      // A success that is not the order's recorded payment is booked as a stray, once.
      if (o && o.paymentId !== pi.id && !o.strays.includes(pi.id))
        problems.push(`${pi.id} of order ${o.id} succeeded but is not in its books`);
    }
    for (const o of orders)
      for (const stray of o.strays)
        if (stray === o.paymentId || h.stripe.paymentIntents.get(stray)?.status !== 'succeeded')
          problems.push(`order ${o.id} books ${stray} as a stray payment, which it is not`);
    // Paid-in money is always a Stripe charge.
    for (const o of orders)
      if (
        o.paidIn > 0 &&
        !(o.paymentId && h.stripe.paymentIntents.get(o.paymentId)?.status === 'succeeded')
      )
        problems.push(`order ${o.id} booked ${o.paidIn} paid without a succeeded charge`);

    // Transfers: at most one per order, exactly for completed orders of onboarded sellers, booked.
    const transfers = new Map<string, number[]>();
    for (const t of h.stripe.transfers.values()) {
      const group = String(t.transfer_group);
      transfers.set(group, [...(transfers.get(group) ?? []), t.amount as number]);
    }
    for (const o of orders) {
      const made = transfers.get(o.id) ?? [];
      if (made.length > 1) problems.push(`order ${o.id}: ${made.length} transfers`);
      const due = o.status === 'completed';
      if (due && onboarded.has(o.sellerId)) {
        if (made.length !== 1 || made[0] !== o.sellerReceivesCents)
          problems.push(
            `order ${o.id}: transfers ${JSON.stringify(made)}, owed ${o.sellerReceivesCents}`,
          );
      } else if (made.length > 0) problems.push(`order ${o.id} (${o.status}) transferred ${made}`);
      if (due && !onboarded.has(o.sellerId) && o.waitingTransfers !== 1)
        problems.push(`order ${o.id}: seller not onboarded, no transfer waiting`);
      const sent = made.reduce((a, b) => a + b, 0);
      if (o.paidOut !== sent)
        problems.push(`order ${o.id}: transferred ${sent}, booked ${o.paidOut}`);
    }

    const summary = {
      seed: SEED,
      orders: orders.length,
      planned: ORDERS,
      chaosMs,
      totalMs: Date.now() - started,
      quiesceRounds: rounds,
      crashes: h.crashes,
      byStatus: Object.fromEntries(
        FINAL.concat(['pending_payment', 'paid', 'shipped', 'disputed']).map((s) => [
          s,
          orders.filter((o) => o.status === s).length,
        ]),
      ),
      reached: Object.fromEntries(
        [...new Set(plans.map((p) => p.reached))].map((r) => [
          r,
          plans.filter((p) => p.reached === r).length,
        ]),
      ),
      stripeFaults: h.stripeProxy.faults,
      listingsFaults: h.listingsProxy.faults,
      webhooks: h.webhooks.stats,
      webhookRefusals: h.webhooks.refusals,
      sweep: h.swept,
      transfers: h.stripe.transfers.size,
      strayPayments: orders.reduce((n, o) => n + o.strays.length, 0),
      refunds: h.stripe.refunds.size,
      answers: Object.fromEntries([...statuses].sort()),
    };
    console.log(`chaos summary ${JSON.stringify(summary, null, 1)}`);
    if (problems.length > 0) console.log(`chaos seed ${SEED}: ${problems.length} problems`);
    expect({ seed: SEED, problems }).toEqual({ seed: SEED, problems: [] });

    // No input made orders fail: a 503 is listings being down (the envelope says so), never a 500.
    expect([...statuses.keys()].filter((k) => / 5(0[0-24-9]|[1-9]\d)$/.test(k))).toEqual([]);

    // The chaos really happened: crashes, each kind of fault, orders at every stage.
    expect(h.crashes).toBeGreaterThanOrEqual(3);
    for (const faults of [h.stripeProxy.faults, h.listingsProxy.faults])
      for (const kind of ['unavailable', 'cut', 'lost', 'slow'] as const)
        expect(faults[kind]).toBeGreaterThan(0);
    expect(h.webhooks.stats.duplicated).toBeGreaterThan(0);
    expect(h.webhooks.stats.dropped).toBeGreaterThan(0);
    expect(summary.byStatus.completed).toBeGreaterThan(0);
    expect(summary.byStatus.cancelled + summary.byStatus.refunded).toBeGreaterThan(0);
    // A buyer whose checkout answer was lost meets their own reservation (409) until listings'
    // sweep frees it; a few give up first (about 4 % at the default fault rate).
    expect(orders.length).toBeGreaterThanOrEqual(ORDERS * 0.8);
  }, 300_000);
});
