#!/usr/bin/env node
// Orders benchmark (issue 9): N buyers check out N listings concurrently through the gateway,
// then pay (simulated card), the sellers ship, the buyers confirm delivery.
//
//   node infra/bench/orders/run.mjs [--orders 50] [--profile <dir>] [--dist <dir>]
//
// --profile: V8 CPU profiles of gateway, listings and orders for each step (profile-preload.cjs,
// SIGWINCH around the step), written to <dir> with a summary table per process and step
// (<dir>/<process>-<step>.md). Profiling costs CPU: the figures of such a run are not comparable.
// --dist: run the services built in another directory (a `before` build, copied from dist/).
// --warmup <n>: first n other listings go through the whole lifecycle, unmeasured, with their
// figures printed apart (the services' code is then compiled: what a process that has served
// orders before does); the measured N orders follow. Default 0: the services start cold.
// --probes off: no statement-counting proxies between orders, listings and PostgreSQL (both
// connect directly), no lock watcher (pg_stat_activity every 20 ms) and no pool sampler (both services'
// /metrics every 250 ms): the same load without the instruments' own cost, for the throughput
// and CPU figures (SQL/order, lock and pool lines then say they were not measured).
//
// Per step it also prints the CPU each process used (/proc), per order: gateway, listings,
// orders, and the PostgreSQL backends of the run's database.
//
// Prints: orders/s for the whole lifecycle; SQL statements per transition of the orders
// service, counted at the wire (lib/pg-statement-counter.mjs, outbox relay and transaction
// control left out, the worker's idle polling subtracted); p95 latency per step; lock waits
// seen in pg_stat_activity while the steps ran. Target: ≤ 10 statements per transition.
// And every PostgreSQL round trip of orders and listings per lifecycle (transaction control,
// the relay and the consumers included, idle polling subtracted): unlike CPU, it does not move
// with the host's speed, so it shows a saved round trip on a host too noisy for the CPU figures.
//
// Then a correctness summary (issue 23), so a fast run that lost money cannot look good: the
// ledger check (every order sums to zero, held = what open orders hold), orders completed,
// listings sold and transfers made (booked in the ledger) for the run's orders. Any shortfall,
// or an unbalanced order, ends the run with a non-zero exit.
//
// Database: a throwaway `loadout_bench_orders_<n>` on DATABASE_URL's server (dropped at the
// end), else an embedded PostgreSQL in .data/bench-postgres. Builds gateway, listings and
// orders into dist/ first when missing (BENCH_REBUILD=1 forces it).
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { Agent, request } from 'undici';
import { freePort } from '../../embedded/postgres.mjs';
import { hostSpeed } from '../lib/host-speed.mjs';
import { benchProcesses, waitReady } from '../lib/services.mjs';
import { startStatementCounter } from '../lib/pg-statement-counter.mjs';
import { summariseFiles, toMarkdown } from '../lib/cpu-profile-summary.mjs';
import { cpuMillis, machineBusyMillis, percentile } from '../lib/proc-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);
const { values: opts } = parseArgs({
  options: {
    orders: { type: 'string', default: '50' },
    profile: { type: 'string' },
    dist: { type: 'string' },
    warmup: { type: 'string', default: '0' },
    probes: { type: 'string', default: 'on' },
  },
});
const N = Number(opts.orders);
const WARMUP = Number(opts.warmup);
if (!(Number.isInteger(WARMUP) && WARMUP >= 0 && WARMUP <= 2000))
  throw new Error('--warmup must be a whole number from 0 to 2000');
if (!['on', 'off'].includes(opts.probes)) throw new Error('--probes is on or off');
const PROBES = opts.probes === 'on';
/** A repeating instrument of the run (none with --probes off). */
const probe = (fn, ms) => (PROBES ? setInterval(fn, ms) : undefined);
const PROFILE_DIR = opts.profile ? path.resolve(opts.profile) : null;
if (PROFILE_DIR) process.env.BENCH_PROFILE_DIR = PROFILE_DIR;
const DIST = opts.dist ? path.relative(root, path.resolve(opts.dist)) : 'dist';
const BENCH_ADDRESS = {
  name: 'Bench Buyer',
  line1: '1 Example Road',
  town: 'Athlone',
  county: 'Westmeath',
  eircode: 'N37 X2C4',
};
const TOKEN = `bench-internal-token-${randomBytes(8).toString('hex')}`;

const log = (msg) => console.log(`[bench] ${msg}`);
const { cleanups, run, runNode, start, throwawayDatabase } = benchProcesses();
const database = () => throwawayDatabase('orders');

/** The few parts of a fetch Response the run reads, over an answer already read in full (so
 * it can be read more than once). */
const answer = (status, text) => ({
  ok: status >= 200 && status < 300,
  status,
  text: async () => text,
  json: async () => JSON.parse(text),
});
const client = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

/** Runs `fn` for every item at once; returns per-call latencies (ms) and results. */
async function step(name, items, fn) {
  const started = performance.now();
  const results = await Promise.all(
    items.map(async (item) => {
      const t = performance.now();
      const res = await fn(item);
      return { ms: performance.now() - t, res };
    }),
  );
  const wall = performance.now() - started;
  const failed = results.filter((r) => !r.res.ok);
  if (failed.length)
    throw new Error(
      `${name}: ${failed.length} of ${items.length} failed, e.g. ${failed[0].res.status} ${await failed[0].res.text()}`,
    );
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  return { name, wall, p95: percentile(ms, 95), p50: percentile(ms, 50) };
}

async function main() {
  // Before anything starts: the host's own speed, printed with the figures.
  const host = await hostSpeed();
  if (
    !['gateway', 'services/listings', 'services/orders'].every((p) =>
      existsSync(path.join(root, 'dist', p, 'src/main.js')),
    ) ||
    (process.env.BENCH_REBUILD && DIST === 'dist')
  ) {
    log('building gateway, listings and orders…');
    runNode('infra/scripts/build-backend.mjs', ['gateway', 'services/listings', 'services/orders']);
  }
  const url = await database();
  const dbUrl = url.toString();
  log(`database ${url.pathname.slice(1)}; seeding ${N} listings…`);
  const common = {
    DATABASE_URL: dbUrl,
    INTERNAL_API_TOKEN: TOKEN,
    UPLOAD_SIGNING_SECRET: 'bench-only-signing-secret-0123456789',
    OBJECT_STORAGE_DIR: path.join(root, '.data/bench-objects'),
  };
  runNode(`${DIST}/services/listings/src/migrate.js`, [], common);
  runNode(
    `${DIST}/services/listings/src/seed-bulk.js`,
    ['--count', String((N + WARMUP) * 2), '--reset'],
    common,
  );
  runNode(`${DIST}/services/orders/src/migrate.js`, [], common);

  // Orders and listings each reach PostgreSQL through a counting proxy of their own, so every
  // round trip of both (transaction control and the event machinery included) is counted
  // (directly with --probes off: a proxy relays every round trip through this process).
  const noCounter = { port: null, count: () => 0, requestCount: () => 0, close: async () => {} };
  const [counter, listingsCounter] = PROBES
    ? [
        await startStatementCounter(url.hostname, Number(url.port || 5432)),
        await startStatementCounter(url.hostname, Number(url.port || 5432)),
      ]
    : [noCounter, noCounter];
  cleanups.unshift(
    () => counter.close(),
    () => listingsCounter.close(),
  );
  const through = (c) => {
    const u = new URL(dbUrl);
    if (c.port) {
      u.hostname = '127.0.0.1';
      u.port = String(c.port);
    }
    return u.toString();
  };
  const proxied = through(counter);

  const { startTestIssuer } = require(path.join(root, 'dist/libs/auth/src/testing.js'));
  const issuer = await startTestIssuer();
  cleanups.unshift(() => issuer.close());

  const [listingsPort, ordersPort, gatewayPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const listingsProc = start('listings', `${DIST}/services/listings/src/main.js`, {
    ...common,
    DATABASE_URL: through(listingsCounter),
    PORT: String(listingsPort),
    AUTH_ISSUER: issuer.issuer,
    AUTH_AUDIENCE: issuer.audience,
    LISTINGS_CACHE_TTL_SECONDS: '0',
  });
  const ordersProc = start('orders', `${DIST}/services/orders/src/main.js`, {
    ...common,
    DATABASE_URL: proxied,
    PORT: String(ordersPort),
    AUTH_ISSUER: issuer.issuer,
    AUTH_AUDIENCE: issuer.audience,
    LISTINGS_URL: `http://127.0.0.1:${listingsPort}`,
    ORDERS_WORKER_INTERVAL_MS: '1000',
    SIMULATED_PAYMENT_DELAY_MS: '0',
    // Services run with NODE_ENV=production here, where the simulated processor must be named.
    PAYMENTS_ALLOW_SIMULATED: 'on',
    DB_POOL_SIZE: '20',
  });
  await waitReady(`http://127.0.0.1:${listingsPort}/health/ready`);
  await waitReady(`http://127.0.0.1:${ordersPort}/health/ready`);
  // The gateway answers /health/ready only on its management port.
  const gatewayManagementPort = await freePort();
  const gatewayProc = start('gateway', `${DIST}/gateway/src/main.js`, {
    PORT: String(gatewayPort),
    MANAGEMENT_PORT: String(gatewayManagementPort),
    AUTH_ISSUER: issuer.issuer,
    AUTH_AUDIENCE: issuer.audience,
    UPSTREAM_LISTINGS_URL: `http://127.0.0.1:${listingsPort}`,
    UPSTREAM_ORDERS_URL: `http://127.0.0.1:${ordersPort}`,
    RATE_LIMIT_PER_MINUTE: '100000000',
    BROWSE_CACHE_TTL_SECONDS: '0',
  });
  await waitReady(`http://127.0.0.1:${gatewayManagementPort}/health/ready`);
  const base = `http://127.0.0.1:${gatewayPort}/api/v1`;
  const ordersBase = `http://127.0.0.1:${ordersPort}/api/v1`;

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  cleanups.unshift(() => db.end());
  cleanups.unshift(() => client.close());
  const { rows: listings } = await db.query(
    `SELECT id, seller_id AS "sellerId", postage_cents AS "postageCents", collection
       FROM listings.listings WHERE status = 'active' ORDER BY id LIMIT $1`,
    [N + WARMUP],
  );
  if (listings.length < N + WARMUP) throw new Error(`only ${listings.length} active listings`);
  const allParties = await Promise.all(
    listings.map(async (l, i) => ({
      listing: l,
      buyer: await issuer.sign({
        sub: i < N ? `bench-buyer-${i}` : `bench-warmup-buyer-${i}`,
        roles: ['user'],
      }),
      seller: await issuer.sign({ sub: l.sellerId, roles: ['user'] }),
    })),
  );
  const parties = allParties.slice(0, N);
  const warmParties = allParties.slice(N);
  listings.length = N;
  // The load's client: undici's request on kept-alive connections, every answer read to the
  // end at once. (fetch left the answers nobody read open until a GC, so the gateway accepted a
  // new connection for many requests, and cost the client about 2 ms a request.)
  const call = async (method, p, token, body, key) => {
    const res = await request(`${base}${p}`, {
      method,
      dispatcher: client,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return answer(res.statusCode, await res.body.text());
  };

  const card = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
  /** checkout → pay (+ the event applied) → ship → confirm for `group`, each step through `measure`. */
  const lifecycle = async (group, measure) => {
    const ids = [];
    const n = group.length;
    await measure('checkout', () =>
      step('checkout', group, async (p) => {
        const post = p.listing.postageCents !== null;
        const res = await call('POST', '/orders', p.buyer, {
          listingId: p.listing.id,
          delivery: post ? 'post' : 'collection',
          // A post order needs a delivery address (ADR 0029).
          ...(post ? { deliveryAddress: BENCH_ADDRESS } : {}),
        });
        if (res.ok) {
          const o = await res.json();
          p.orderId = o.id;
          ids.push(o.id);
        }
        return res;
      }),
    );
    await measure('pay (request + processor event applied)', async () => {
      const started = performance.now();
      const r = await step('pay + payment event applied (2 transitions)', group, (p) =>
        call('POST', `/orders/${p.orderId}/pay`, p.buyer, { card }, `pay-${p.orderId}`),
      );
      const until = Date.now() + 60_000;
      for (;;) {
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM orders.orders WHERE id = ANY($1::text[]) AND status = 'paid'`,
          [ids],
        );
        if (rows[0].n === n) break;
        if (Date.now() > until) throw new Error(`only ${rows[0].n} of ${n} orders paid after 60 s`);
        await new Promise((res) => setTimeout(res, 50));
      }
      return { ...r, wall: performance.now() - started };
    });
    await measure('ship', () =>
      step('ship', group, (p) =>
        call(
          'POST',
          `/orders/${p.orderId}/ship`,
          p.seller,
          { handedOverInPerson: true },
          `ship-${p.orderId}`,
        ),
      ),
    );
    await measure('confirm delivery', () =>
      step('confirm', group, (p) =>
        call('POST', `/orders/${p.orderId}/confirm-delivery`, p.buyer, {}, `confirm-${p.orderId}`),
      ),
    );
    return ids;
  };
  // Warm-up in small batches: cold code at 50 at once is what the measured run shows by default.
  const warmup = { batches: [], failed: [], wall: 0 };
  if (WARMUP > 0) {
    log(`warm-up: ${WARMUP} other orders through the lifecycle, 5 at a time (not measured)…`);
    const t = performance.now();
    for (let i = 0; i < warmParties.length; i += 5) {
      const steps = [];
      // A warm-up batch that fails (cold services on a loaded machine) is noted, not fatal:
      // its orders are not among the measured ones.
      await lifecycle(warmParties.slice(i, i + 5), async (name, run) => {
        const r = await run();
        steps.push(r);
        return r;
      }).catch((err) => {
        warmup.failed.push(err.message.slice(0, 160));
      });
      if (steps.length) warmup.batches.push(steps);
    }
    warmup.wall = performance.now() - t;
  }

  // The counts of a step: orders' request statements, then every round trip of orders and of
  // listings. The services poll while idle: measure that rate to take it out of each count
  // (nothing to count with --probes off).
  const counts = () => [counter.requestCount(), counter.count(), listingsCounter.count()];
  const idleStart = counts();
  if (PROBES) await new Promise((r) => setTimeout(r, 5000));
  const idlePerMs = counts().map((n, i) => (n - idleStart[i]) / 5000);

  let lockWaits = 0;
  // What the waiting sessions wait for (lock type and table), with the largest count seen.
  const waitedOn = new Map();
  let watching = false;
  const watcher = probe(() => {
    if (watching) return;
    watching = true;
    db.query(
      `SELECT a.wait_event AS kind, coalesce(l.relation::regclass::text, '') AS rel,
              left(regexp_replace(a.query, '\\s+', ' ', 'g'), 60) AS query
         FROM pg_stat_activity a
         LEFT JOIN pg_locks l ON l.pid = a.pid AND NOT l.granted
        WHERE a.wait_event_type = 'Lock' AND a.wait_event <> 'advisory' AND a.datname = $1`,
      [url.pathname.slice(1)],
    ).then(
      (r) => {
        lockWaits = Math.max(lockWaits, r.rows.length);
        const now = new Map();
        for (const row of r.rows) {
          const key = `${row.kind} ${row.rel} — ${row.query}`;
          now.set(key, (now.get(key) ?? 0) + 1);
        }
        for (const [k, n] of now) waitedOn.set(k, Math.max(waitedOn.get(k) ?? 0, n));
        watching = false;
      },
      () => (watching = false),
    );
  }, 20);

  const procs = [
    ['gateway', gatewayProc.pid],
    ['listings', listingsProc.pid],
    ['orders', ordersProc.pid],
  ];
  // The PostgreSQL backends of this run's database (the services' pools, the relays).
  const backends = async () =>
    (
      await db.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [url.pathname.slice(1)],
      )
    ).rows.map((r) => r.pid);
  const cpuOf = (pid) => {
    try {
      return cpuMillis(pid);
    } catch {
      return 0; // a backend that ended meanwhile
    }
  };
  // Pool starvation: the most clients waiting for a connection of the orders and listings
  // pools (their `db_pool_connections{state="waiting"}` gauge), sampled every 250 ms.
  const poolWaits = { orders: 0, listings: 0 };
  const poolOf = async (name, port) => {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`).then(
      (r) => r.text(),
      () => '',
    );
    const m = /db_pool_connections\{state="waiting"\} (\d+)/.exec(text);
    if (m) poolWaits[name] = Math.max(poolWaits[name], Number(m[1]));
  };
  let sampling = false;
  const poolSampler = probe(() => {
    if (sampling) return;
    sampling = true;
    void Promise.all([poolOf('orders', ordersPort), poolOf('listings', listingsPort)]).finally(
      () => (sampling = false),
    );
  }, 250);
  cleanups.unshift(() => clearInterval(poolSampler));
  const results = [];
  let stepNo = 0;
  const measure = async (name, run) => {
    stepNo++;
    const signal = () => procs.forEach(([, pid]) => process.kill(pid, 'SIGWINCH'));
    if (PROFILE_DIR) {
      signal();
      await new Promise((r) => setTimeout(r, 300));
    }
    const pgPids = await backends();
    const cpuBefore = [
      ...procs.map(([, pid]) => cpuOf(pid)),
      pgPids.reduce((s, p) => s + cpuOf(p), 0),
    ];
    const clientBefore = process.cpuUsage();
    const machineBefore = machineBusyMillis();
    poolWaits.orders = poolWaits.listings = 0;
    const before = counts();
    let r;
    try {
      r = await run();
    } finally {
      // A failed step's profiles are kept too: they show what the services were doing.
      if (PROFILE_DIR && !r) await writeProfiles(name).catch(() => undefined);
    }
    const [statements, ...trips] = counts().map((n, i) => n - before[i] - idlePerMs[i] * r.wall);
    const pgAfter = [...new Set([...pgPids, ...(await backends())])];
    const cpuAfter = [
      ...procs.map(([, pid]) => cpuOf(pid)),
      pgAfter.reduce((s, p) => s + cpuOf(p), 0),
    ];
    const cpuPerOrder = cpuAfter.map((c, i) => (c - cpuBefore[i]) / N);
    const client = process.cpuUsage(clientBefore);
    results.push({
      ...r,
      statementsPerOrder: statements / N,
      tripsPerOrder: trips.map((n) => n / N),
      cpuPerOrder,
      // This process (the load's client and the step's own probes) and the whole machine.
      clientPerOrder: (client.user + client.system) / 1000 / N,
      machinePerOrder: (machineBusyMillis() - machineBefore) / N,
      pool: { ...poolWaits },
    });
    if (PROFILE_DIR) await writeProfiles(name);
    return r;
  };
  const writeProfiles = async (name) => {
    procs.forEach(([, pid]) => process.kill(pid, 'SIGWINCH'));
    const files = procs.map(([p]) => path.join(PROFILE_DIR, `${p}-${stepNo}.cpuprofile`));
    const deadline = Date.now() + 30_000;
    while (!files.every((f) => existsSync(f)) && Date.now() < deadline)
      await new Promise((res) => setTimeout(res, 200));
    for (const [i, [p]] of procs.entries()) {
      if (!existsSync(files[i])) throw new Error(`no profile from ${p}`);
      const md = toMarkdown(
        `${p}, step ${stepNo} ${name} (${N} orders, load ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')})`,
        summariseFiles(files[i]),
        30,
        N,
      );
      writeFileSync(path.join(PROFILE_DIR, `${p}-${stepNo}.md`), `${md}\n`);
    }
  };
  const t0 = performance.now();
  const orderIds = await lifecycle(parties, measure);
  const lifecycleMs = performance.now() - t0;
  clearInterval(watcher);
  const correctness = await checkCorrectness({
    db,
    issuer,
    ordersBase,
    call,
    parties,
    orderIds,
    listingIds: listings.map((l) => l.id),
  });

  console.log('');
  console.log(
    `orders benchmark: ${N} orders, each checkout → pay → ship → confirm, through the gateway`,
  );
  console.log(
    `  lifecycle throughput: ${((N / lifecycleMs) * 1000).toFixed(1)} orders/s (${(lifecycleMs / 1000).toFixed(2)} s)`,
  );
  if (warmup.batches.length) {
    const first = warmup.batches[0].map((r) => `${r.name} ${r.p50.toFixed(0)}`).join(', ');
    const last = warmup.batches
      .at(-1)
      .map((r) => `${r.name} ${r.p50.toFixed(0)}`)
      .join(', ');
    console.log(
      `  warm-up before it: ${WARMUP} orders, 5 at a time, in ${(warmup.wall / 1000).toFixed(1)} s; ` +
        `p50 ms of the first 5: ${first}; of the last 5: ${last}`,
    );
  }
  for (const f of warmup.failed) console.log(`  warm-up batch failed: ${f}`);
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(42)} p50 ${r.p50.toFixed(0).padStart(5)} ms  p95 ${r.p95.toFixed(0).padStart(5)} ms  wall ${r.wall.toFixed(0).padStart(5)} ms  SQL/order ${PROBES ? r.statementsPerOrder.toFixed(1).padStart(5) : '    -'}` +
        `  CPU ms/order gw ${r.cpuPerOrder[0].toFixed(1)} listings ${r.cpuPerOrder[1].toFixed(1)} orders ${r.cpuPerOrder[2].toFixed(1)} pg ${r.cpuPerOrder[3].toFixed(1)}` +
        (PROBES
          ? `  pool waiters max orders ${r.pool.orders} listings ${r.pool.listings}`
          : '  pool waiters not sampled (--probes off)'),
    );
  const sum = (f) => results.reduce((s, r) => s + f(r), 0);
  const services = sum((r) => r.cpuPerOrder.reduce((a, b) => a + b, 0));
  // Round trips do not depend on the host's speed: a change that saves some shows here even
  // when the CPU figures swing more than it saves.
  if (PROBES)
    console.log(
      `  PostgreSQL round trips per lifecycle (every statement at the wire, BEGIN/COMMIT and events included): ` +
        `orders ${sum((r) => r.tripsPerOrder[0]).toFixed(1)}, listings ${sum((r) => r.tripsPerOrder[1]).toFixed(1)} ` +
        `(by step: ${results.map((r) => r.tripsPerOrder.map((n) => n.toFixed(1)).join(' + ')).join(', ')}); ` +
        `idle, subtracted: orders ${(idlePerMs[1] * 1000).toFixed(1)}/s, listings ${(idlePerMs[2] * 1000).toFixed(1)}/s`,
    );
  console.log(
    `  CPU ms per lifecycle: services + PostgreSQL ${services.toFixed(1)}, bench client ${sum((r) => r.clientPerOrder).toFixed(1)}, ` +
      `whole machine ${sum((r) => r.machinePerOrder).toFixed(1)} (50 orders/s on ${os.cpus().length} cores needs ≤ ${((os.cpus().length * 1000) / 50).toFixed(0)} for the whole machine)`,
  );
  console.log(
    `  load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`  ${host.line}`);
  console.log(
    PROBES
      ? `  most sessions waiting on a lock at once: ${lockWaits} (row and index locks, advisory locks of the event consumers left out)`
      : '  lock waits not watched (--probes off)',
  );
  for (const [what, n] of [...waitedOn].sort((a, b) => b[1] - a[1]).slice(0, 5))
    console.log(`    up to ${n} waiting on ${what}`);
  console.log('  SQL/order: statements of the orders service per order and step, at the wire,');
  console.log('  without BEGIN/COMMIT and the outbox relay; target ≤ 10 per transition.');
  console.log('  wall: the step from its first request to its last answer (pay: until every');
  console.log('  payment event is applied); p50/p95 are of the requests alone.');
  console.log('');
  console.log('correctness (the run counts only if every line says ok):');
  for (const line of correctness.lines) console.log(`  ${line}`);
  if (!correctness.ok)
    throw new Error('correctness check failed: the throughput above does not count');
}

/**
 * After the lifecycle: the sellers finish payout onboarding (the simulated processor completes
 * it at once) so the releases' transfers can go, the worker is given time to run the side
 * effects, then the money is checked. Read from the database and the orders service's own
 * ledger check (admins), not from the answers the steps got.
 */
async function checkCorrectness({ db, issuer, ordersBase, call, parties, orderIds, listingIds }) {
  const sellers = new Map(parties.map((p) => [p.listing.sellerId, p.seller]));
  for (const token of sellers.values()) {
    const res = await call('POST', '/payouts/onboarding', token, {});
    if (!res.ok) throw new Error(`payout onboarding: ${res.status} ${await res.text()}`);
  }
  const counts = async () => {
    const { rows } = await db.query(
      `SELECT (SELECT count(*)::int FROM orders.orders
                WHERE id = ANY($1::text[]) AND status = 'completed') AS completed,
              (SELECT count(*)::int FROM listings.listings
                WHERE id = ANY($2::text[]) AND status = 'sold') AS sold,
              (SELECT count(DISTINCT order_id)::int FROM orders.ledger_entries
                WHERE order_id = ANY($1::text[]) AND kind = 'transfer') AS transferred,
              (SELECT count(*)::int FROM orders.jobs
                WHERE order_id = ANY($1::text[]) AND done_at IS NULL
                  AND kind IN ('transfer_to_seller', 'mark_listing_sold')) AS open`,
      [orderIds, listingIds],
    );
    return rows[0];
  };
  const until = Date.now() + 120_000;
  let c = await counts();
  while (c.open > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    c = await counts();
  }
  const admin = await issuer.sign({ sub: 'bench-admin', roles: ['user', 'admin'] });
  const res = await fetch(`${ordersBase}/admin/ledger/check`, {
    headers: { authorization: `Bearer ${admin}` },
  });
  const ledger = res.ok ? await res.json() : null;
  const n = orderIds.length;
  const mark = (good) => (good ? 'ok  ' : 'FAIL');
  const checks = [
    [
      ledger?.ok === true,
      ledger
        ? `ledger check: ${ledger.unbalancedOrders.length} unbalanced orders, held ${ledger.heldCents} = expected ${ledger.expectedHeldCents} cents`
        : `ledger check: ${res.status} ${await res.text()}`,
    ],
    [c.completed === n, `orders completed: ${c.completed} of ${n}`],
    [c.sold === n, `listings sold: ${c.sold} of ${n}`],
    [c.transferred === n, `transfers made (booked): ${c.transferred} of ${n}`],
    [c.open === 0, `side-effect jobs still open after the wait: ${c.open}`],
  ];
  for (const u of ledger?.unbalancedOrders ?? [])
    checks.push([false, `unbalanced order ${u.orderId}: Σ ledger = ${u.sumCents} cents`]);
  return {
    ok: checks.every(([good]) => good),
    lines: checks.map(([good, text]) => `${mark(good)} ${text}`),
  };
}

run(main);
