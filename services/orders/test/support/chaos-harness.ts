import { type Server } from 'node:http';
import { type Pool, type PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import { INTERNAL_TOKEN } from './orders-harness';
import { ChaosProxy, seededRandom, sleep } from './chaos-proxy';
import { ChaosWebhooks } from './chaos-webhooks';
import { StripeOrdersHarness } from './stripe-harness';

type PgClient = PoolClient & { processID: number };
const poolOf = (ds: DataSource) => (ds.driver as unknown as { master: Pool }).master;
const pendingOf = (pool: Pool) =>
  (pool as unknown as { _pendingQueue?: { callback: (err: Error) => void }[] })._pendingQueue ?? [];
const clientsOf = (pool: Pool) => (pool as unknown as { _clients?: PgClient[] })._clients ?? [];

async function closeDead(app: { close(): Promise<void> }): Promise<string> {
  const errors: string[] = [];
  for (let i = 0; i < 3; i++) {
    try {
      await app.close();
      return errors.length ? `closed after ${errors.join('; ')}` : 'closed';
    } catch (err) {
      errors.push(String(err));
      await sleep(100);
    }
  }
  return `not closed: ${errors.join('; ')}`;
}

/** How long a checkout intent protects a reservation from listings' sweep in the chaos run. */
export const CHAOS_INTENT_TTL_SECONDS = 1;

/**
 * The Stripe orders harness with chaos: the listings and Stripe stand-ins sit behind fault
 * proxies, Stripe's webhooks are delivered by `ChaosWebhooks`, and the orders app can be
 * crashed and restarted on the same database.
 *
 * A crash is in-process (a child process would need a built orders app the test suite does
 * not have): the HTTP server drops every connection, the app's pg pool is ended (no new
 * connection) and every backend it holds is terminated in Postgres, so whatever transaction was
 * open at that moment rolls back, exactly as when the process dies. Code of the dead app still
 * awaiting a remote call may finish that call (the effect happens at Stripe or listings, the
 * answer goes nowhere), but it can no longer touch the database. A new app then starts on the
 * same database, as a restarted pod would.
 */
export class ChaosHarness extends StripeOrdersHarness {
  readonly random: () => number;
  stripeProxy!: ChaosProxy;
  listingsProxy!: ChaosProxy;
  webhooks!: ChaosWebhooks;
  crashes = 0;
  /** What listings' sweep did over the run. */
  readonly swept = { released: 0, sold: 0 };
  private readonly reservedSince = new Map<string, { orderId: string; at: number }>();
  deadAppCloses: string[] = [];
  /** How each crashed app's shutdown ended (awaited in stop, so nothing of it outlives the suite). */
  private readonly deadApps: Promise<string>[] = [];
  private down = false;

  constructor(readonly seed: number) {
    super();
    this.random = seededRandom(seed);
  }

  override async start(label: string, env: Record<string, string> = {}): Promise<this> {
    this.stripeProxy = await new ChaosProxy(() => this.stripe.url, this.random).start();
    this.listingsProxy = await new ChaosProxy(() => this.listings.url, this.random).start();
    this.webhooks = new ChaosWebhooks(this.stripe, this.random);
    return super.start(label, {
      STRIPE_API_URL: this.stripeProxy.url,
      LISTINGS_URL: this.listingsProxy.url,
      ORDERS_CHECKOUT_INTENT_TTL_SECONDS: String(CHAOS_INTENT_TTL_SECONDS),
      ...env,
    });
  }

  override async stop(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<string>((r) => (timer = setTimeout(() => r('hung'), 10_000)));
    this.deadAppCloses = await Promise.all(this.deadApps.map((p) => Promise.race([p, hung])));
    clearTimeout(timer);
    await super.stop();
    await this.stripeProxy?.close();
    await this.listingsProxy?.close();
  }

  set faultRate(rate: number) {
    this.stripeProxy.faultRate = rate;
    this.listingsProxy.faultRate = rate;
  }

  /**
   * Kills the running orders app abruptly (see the class comment) and starts a new one on the
   * same port and database (the kit's restart with this crash as its stop).
   */
  async crashAndRestart(downMs: number): Promise<void> {
    if (this.down) return;
    this.down = true;
    this.crashes++;
    await this.service.restart(async (app) => {
      const server = app.getHttpServer() as Server;
      server.closeAllConnections();
      server.close();
      // No new connection for the dead app's code still running (it awaits Stripe or listings)…
      const pool = poolOf(app.get(DataSource));
      for (const c of clientsOf(pool)) c.on('error', () => undefined); // nobody left to hear it
      const gone = () => new Error('crashed: the process is gone');
      // pg's pool.query uses the callback form of connect, TypeORM the promise form.
      pool.connect = ((callback?: (err: Error) => void) => {
        if (typeof callback !== 'function') return Promise.reject(gone());
        callback(gone());
      }) as never;
      for (const waiting of pendingOf(pool).splice(0)) waiting.callback(gone());
      // …and every backend it had (pool, outbox relay, LISTEN) dies mid-transaction. Only the
      // test's own connections survive; the new app is not started yet.
      const own = clientsOf(poolOf(this.ds)).map((c) => c.processID);
      await this.ds.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND NOT (pid = ANY($1::int[]))`,
        [own],
      );
      // Then its shutdown hooks, so no timer or reconnect loop of it outlives the crash (a dead
      // process has none). A hook awaiting a drain that just failed makes the first close throw;
      // the second finds nothing running. stop() waits for the outcome.
      this.deadApps.push(closeDead(app));
      await sleep(downMs);
    });
    this.down = false;
  }

  get isDown(): boolean {
    return this.down;
  }

  /** Delivers a Stripe event as Stripe does; the HTTP status, or null without an answer. */
  async deliverStatus(event: unknown): Promise<number | null> {
    if (this.down) return null;
    try {
      return (await this.deliver(event)).status;
    } catch {
      // Connection refused or reset: the app is restarting.
      return null;
    }
  }

  /** One worker drain that survives a crash under it. */
  async safeDrain(): Promise<number> {
    if (this.down) return 0;
    try {
      return await this.drain();
    } catch {
      return 0;
    }
  }

  /**
   * Listings' reservation sweep (issue 23 scenario 1), as the listings service runs it: for
   * every reservation older than `graceMs` ask orders `listing-holds`, then release or sell as
   * answered if the listing is still reserved for that order.
   */
  async sweepListings(graceMs = 0): Promise<{ released: number; sold: number }> {
    const now = Date.now();
    for (const l of this.listings.listings.values()) {
      const seen = this.reservedSince.get(l.id);
      if (l.status !== 'reserved' || !l.reservedOrderId) this.reservedSince.delete(l.id);
      else if (seen?.orderId !== l.reservedOrderId)
        this.reservedSince.set(l.id, { orderId: l.reservedOrderId, at: now });
    }
    const reserved = [...this.listings.listings.values()].filter(
      (l) =>
        l.status === 'reserved' &&
        l.reservedOrderId &&
        now - (this.reservedSince.get(l.id)?.at ?? now) >= graceMs,
    );
    let released = 0;
    let sold = 0;
    for (let i = 0; i < reserved.length; i += 50) {
      const batch = reserved.slice(i, i + 50);
      const orderIds = batch.map((l) => l.reservedOrderId!);
      const res = await this.call<{ holds: Record<string, string> }>(
        '/internal/orders/listing-holds',
        {
          json: { orderIds },
          headers: { 'x-internal-token': INTERNAL_TOKEN },
        },
      );
      if (res.status !== 200) throw new Error(`listing-holds answered ${res.status}`);
      batch.forEach((l, k) => {
        const asked = orderIds[k]!;
        if (l.status !== 'reserved' || l.reservedOrderId !== asked) return;
        const answer = res.body.holds[asked];
        if (answer === 'release') {
          l.status = 'active';
          l.reservedOrderId = null;
          released++;
        } else if (answer === 'sell') {
          l.status = 'sold';
          l.soldOrderId = l.reservedOrderId;
          sold++;
        }
      });
    }
    this.swept.released += released;
    this.swept.sold += sold;
    return { released, sold };
  }

  /**
   * Faults off, then time passes until nothing changes: Stripe redelivers every event until it
   * is answered, every deadline and postponed job is made due (as days passing would), the
   * worker drains, and listings' sweep runs. Returns how many rounds it took.
   */
  async quiesce(maxRounds = 40): Promise<number> {
    this.faultRate = 0;
    // Past every checkout intent's protection, so the sweep may decide on each reservation.
    await sleep(CHAOS_INTENT_TTL_SECONDS * 1_000 + 200);
    let last = '';
    for (let round = 1; round <= maxRounds; round++) {
      await this.webhooks.flush((e) => this.deliverStatus(e));
      await this.ds.query(
        `UPDATE orders.jobs SET due_at = now() - interval '1 second'
          WHERE done_at IS NULL AND parked_at IS NULL AND due_at > now() - interval '1 second'`,
      );
      await this.ds.query(
        `UPDATE orders.payment_events SET available_at = now() - interval '1 second'
          WHERE processed_at IS NULL AND parked_at IS NULL`,
      );
      while ((await this.drain()) > 0) {
        /* until nothing is due */
      }
      await this.webhooks.flush((e) => this.deliverStatus(e));
      while ((await this.drain()) > 0) {
        /* what the redelivered events started */
      }
      await this.sweepListings();
      const state = await this.fingerprint();
      if (state === last && this.webhooks.queue.length === 0) return round;
      last = state;
    }
    return maxRounds;
  }

  /** Everything that could still change: orders, open jobs (ignoring waits), events, stand-ins. */
  private async fingerprint(): Promise<string> {
    const rows = await this.ds.query(
      `SELECT (SELECT string_agg(id || ':' || status || ':' || refunded_cents, ',' ORDER BY id)
                 FROM orders.orders) AS orders,
              (SELECT count(*) FROM orders.jobs WHERE done_at IS NULL) AS jobs,
              (SELECT count(*) FROM orders.payment_events WHERE processed_at IS NULL) AS events,
              (SELECT count(*) FROM orders.ledger_postings) AS postings`,
    );
    const listings = [...this.listings.listings.values()].map((l) => l.status).join(',');
    return JSON.stringify([
      rows,
      listings,
      this.stripe.transfers.size,
      this.stripe.refunds.size,
      this.stripe.calls.length,
    ]);
  }
}
