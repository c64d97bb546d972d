#!/usr/bin/env node
// Over 400 lines on purpose: one benchmark script (seeding, the bare baseline server, load
// rounds, SQL counting and the report) that is read top to bottom.
// Browse/search benchmark (issue 4): the listings API through the gateway against a bare
// Fastify + pg handler running the same SQL, over 100,000 seeded listings.
//
//   npm run bench:browse -- [--count 100000] [--rounds 3] [--seconds 8] [--connections 8]
//                           [--warmup 15]   (seconds of unmeasured load per target first)
//
// Prints, per the targets in infra/bench/README.md:
//   1. CPU per request (gateway + listings service) / (bare handler), caches off, alternating
//      A/B rounds (CPU time from /proc: wall-clock swings ±40 % on shared machines);
//   2. SQL statements per browse request (pg_stat_database commits, idle rate subtracted);
//   3. keyset page at random depth vs page 1 (SQL execution time, medians);
//   4. selective full-text search p95 (SQL execution time);
//   plus the same CPU ratio with production caching on, for information.
//
// Database: BENCH_DATABASE_URL, else database `loadout_bench` on DATABASE_URL's server, else an
// embedded PostgreSQL in .data/bench-postgres (kept, so the 100k rows are seeded once).
import { fork } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort } from '../../embedded/postgres.mjs';
import { build, database, runMain, seed } from '../lib/bench-db.mjs';
import { browseStacks, requestMix } from '../lib/browse-stack.mjs';
import { summariseFiles, toMarkdown } from '../lib/cpu-profile-summary.mjs';
import { hostSpeed } from '../lib/host-speed.mjs';
import { startStatementCounter } from '../lib/pg-statement-counter.mjs';
import { median, percentile, totalCpuMillis } from '../lib/proc-cpu.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(import.meta.url);

const { values: opts } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '8' },
    // Unmeasured load per target before the rounds (V8 is still compiling the stack's hot
    // paths after a few seconds: gateway-hop.mjs saw the hop get cheaper for 20 s).
    warmup: { type: 'string', default: '15' },
    connections: { type: 'string', default: '8' },
    reseed: { type: 'boolean', default: false },
    // Another checkout's root whose dist/ holds an earlier build: measured in the same rounds.
    baseline: { type: 'string' },
    // Directory for CPU profiles of one extra window per target, plus their summary tables.
    profile: { type: 'string' },
    // CPU figures only (uncached and cached), without the SQL and suggestion measurements.
    'cpu-only': { type: 'boolean', default: false },
  },
});
const COUNT = Number(opts.count);
const ROUNDS = Number(opts.rounds);
const SECONDS = Number(opts.seconds);
const CONNECTIONS = Number(opts.connections);

const log = (msg) => console.log(`[bench] ${msg}`);
const children = [];
const cleanups = [];

const PROFILE_DIR = opts.profile ? path.resolve(opts.profile) : null;
const PRELOAD = path.join(root, 'infra/bench/lib/profile-preload.cjs');
const { stop, startStack } = browseStacks({ children, profileDir: PROFILE_DIR });

async function startBare(url) {
  const port = await freePort();
  const child = fork(path.join(root, 'infra/bench/browse/bare-server.mjs'), [], {
    cwd: root,
    execArgv: PROFILE_DIR ? ['--require', PRELOAD] : [],
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      ...(PROFILE_DIR ? { BENCH_PROFILE_DIR: PROFILE_DIR, BENCH_PROFILE_NAME: 'bare' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(child);
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', () => reject(new Error('bare server exited')));
  });
  return { base: `http://127.0.0.1:${port}`, pids: [child.pid], names: ['bare'], child };
}

async function load(base, paths, seconds) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const bad = result.non2xx + result.errors;
  if (bad > 0) throw new Error(`${bad} failed requests against ${base}`);
  return result;
}

/**
 * CPU the target burns while idle (timers, event relays and consumers), per second: the least
 * of six 1 s windows. Right after load V8 still tidies up after it, in bursts (one 3 s window
 * read 43–50 ms/s after a 15 s warm-up, against 3 ms/s in another run); that is the requests'
 * cost, and the least window leaves it in them. Never more than any single window would
 * subtract, so it cannot flatter a target.
 */
async function idleCpuPerSecond(target) {
  let least = Infinity;
  for (let i = 0; i < 6; i++) {
    const before = totalCpuMillis(target.pids);
    await new Promise((r) => setTimeout(r, 1000));
    least = Math.min(least, totalCpuMillis(target.pids) - before);
  }
  return least;
}

/** CPU per request during a run, the target's idle CPU for that time taken out. */
async function cpuPerRequest(target, paths, seconds) {
  const before = totalCpuMillis(target.pids);
  const beforeEach = target.pids.map((pid) => totalCpuMillis([pid]));
  const t0 = Date.now();
  const result = await load(target.base, paths, seconds);
  const cpu = totalCpuMillis(target.pids) - before;
  const each = target.pids.map(
    (pid, i) => ((totalCpuMillis([pid]) - beforeEach[i]) * 1000) / result.requests.total,
  );
  const idle = (target.idlePerSecond ?? 0) * ((Date.now() - t0) / 1000);
  return {
    cpuPerRequestUs: ((cpu - idle) * 1000) / result.requests.total,
    rawCpuPerRequestUs: (cpu * 1000) / result.requests.total,
    eachUs: each,
    requests: result.requests.total,
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What buyers type into the search box, a few letters at a time (suggestions, issue 14). */
const SUGGEST_PREFIXES = [
  'h',
  'hi',
  'hica',
  'hi ca',
  'm',
  'm4',
  'm4a',
  'mk1',
  'ak',
  'ak7',
  'tok',
  'tokyo m',
  'g&',
  'gg',
  'sp',
  'spec',
  'pis',
  'sni',
  'gb',
  'gbb',
  'aeg',
  'lip',
  'kr',
  'vf',
  'we',
  'e&',
  'bb',
  'hp',
  'sc',
  'glo',
  'des',
  'ump',
  'l9',
  'mag',
  'bat',
  'zz',
  'x',
  '1',
  '19',
  'red',
];

/** Suggestions as the search box asks for them, one at a time: wall time per request (ms). */
async function suggestionTimes(base, rounds) {
  const times = [];
  for (let round = 0; round < rounds; round++) {
    for (const prefix of SUGGEST_PREFIXES) {
      const t0 = process.hrtime.bigint();
      const res = await fetch(
        `${base}/api/v1/listings/suggestions?q=${encodeURIComponent(prefix)}`,
      );
      if (!res.ok) throw new Error(`suggestions ${prefix}: ${res.status}`);
      await res.json();
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  return times;
}

/**
 * SQL statements per request, counted exactly by a proxy in front of PostgreSQL (a stack of
 * its own, caches off); the statements of the event machinery (outbox relay, consumers,
 * recognised by the tables they touch) are left out.
 */
async function statementsPerRequest(url, mixes) {
  const target = new URL(url);
  const proxy = await startStatementCounter(target.hostname, Number(target.port || 5432));
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const stack = await startStack(proxied.toString(), { cached: false });
  try {
    await load(stack.base, mixes[0], 1);
    await sleep(1000); // requests still in flight when a run ends
    // Statements of the event machinery (outbox relay, consumers) are not the requests';
    // while nothing else runs, none of the rest may appear.
    const idleStart = proxy.requestCount();
    await sleep(3000);
    const idleStray = proxy.requestCount() - idleStart;
    if (idleStray > 0)
      log(
        `warning: ${idleStray} unclassified statements while idle: ${proxy.recentRequestSql().slice(-idleStray).join(' | ')}`,
      );
    const requestStatements = () => proxy.requestCount();
    const out = [];
    for (const paths of mixes) {
      const start = requestStatements();
      const result = await load(stack.base, paths, 4);
      await sleep(1000); // let requests in flight at the end finish, then count what was sent
      out.push((requestStatements() - start) / result.requests.sent);
    }
    return out;
  } finally {
    await stop(stack.gateway);
    await stop(stack.service);
    await proxy.close();
  }
}

async function timedSql(url) {
  const { ListingQueries } = require(
    path.join(root, 'dist/services/listings/src/listings/persistence/listing-queries.js'),
  );
  const { normaliseBrowseParams, positionFrom } = require(
    path.join(root, 'dist/services/listings/src/listings/domain/browse-params.js'),
  );
  const { TRGM_OPTIONS } = require(
    path.join(root, 'dist/services/listings/src/listings/persistence/search-settings.js'),
  );
  const pool = new pg.Pool({ connectionString: url, max: 1, options: TRGM_OPTIONS });
  let last = [];
  const queries = new ListingQueries({
    query: async (text, values) => {
      const t0 = process.hrtime.bigint();
      const rows = (await pool.query(text, values)).rows;
      last.push(Number(process.hrtime.bigint() - t0) / 1e6);
      return rows;
    },
  });
  const time = async (params, after, withTotal = false) => {
    last = [];
    await queries.browse(params, after, withTotal);
    return last.reduce((a, b) => a + b, 0);
  };
  const client = await pool.connect();
  const active = (
    await client.query(`SELECT count(*)::int AS n FROM listings.listings WHERE status='active'`)
  ).rows[0].n;
  const selective = (
    await client.query(
      `SELECT word FROM ts_stat($$SELECT search_vector FROM listings.listings WHERE status = 'active'$$)
        WHERE ndoc BETWEEN 1 AND $1 AND length(word) > 3 ORDER BY md5(word) LIMIT 40`,
      [Math.max(5, Math.floor(active * 0.002))],
    )
  ).rows.map((r) => r.word);
  // A model as a buyer types it: the first three words of a listing's title (matches < 1 %).
  const models = (
    await client.query(
      `SELECT split_part(title, ' ', 1) || ' ' || split_part(title, ' ', 2) || ' ' ||
              split_part(title, ' ', 3) AS q
         FROM listings.listings WHERE status = 'active' ORDER BY md5(id) LIMIT 200`,
    )
  ).rows.map((r) => r.q);
  const share = async (q) =>
    Number(
      (
        await client.query(
          `SELECT count(*) AS n FROM listings.listings
            WHERE status = 'active' AND search_vector @@ websearch_to_tsquery('english', $1)`,
          [q],
        )
      ).rows[0].n,
    ) / active;
  const selectiveModels = [];
  for (const q of models) {
    if (selectiveModels.length === 20) break;
    if ((await share(q)) < 0.01) selectiveModels.push(q);
  }
  selective.push(...selectiveModels);
  const positions = [];
  for (let i = 0; i < 60; i++) {
    const depth = Math.floor((((i * 104729) % 1009) / 1009) * (active - 30));
    const row = (
      await client.query(
        `SELECT published_at::text AS k, id FROM listings.listings WHERE status = 'active'
          ORDER BY published_at DESC, id DESC OFFSET $1 LIMIT 1`,
        [depth],
      )
    ).rows[0];
    positions.push(positionFrom('newest', ['newest', row.k, row.id]));
  }
  client.release();

  const newest = normaliseBrowseParams({ sort: 'newest', limit: 24 });
  for (let i = 0; i < 20; i++) await time(newest, null); // warm-up
  const page1 = [];
  const deep = [];
  for (let round = 0; round < 5; round++) {
    for (const pos of positions) {
      page1.push(await time(newest, null));
      deep.push(await time(newest, pos));
    }
  }
  const search = [];
  const searchWithTotal = [];
  for (const word of selective)
    await time(normaliseBrowseParams({ search: word, limit: 24 }), null);
  // Baseline in the same run (timings on these machines swing with their load): ADR 0007's
  // whole-word full-text page for the same searches (its typo branch never runs for them).
  const legacy = [];
  const legacyPage = async (word) => {
    const t0 = process.hrtime.bigint();
    await pool.query(
      `WITH ft AS MATERIALIZED (
         SELECT l.id, ts_rank(l.search_vector, websearch_to_tsquery('english', $1)) AS rank
           FROM listings.listings l
          WHERE l.status = 'active' AND l.search_vector @@ websearch_to_tsquery('english', $1))
       SELECT * FROM ft ORDER BY rank::float8 DESC, id DESC LIMIT 25`,
      [word.trim().replace(/\s+/g, ' ').toLowerCase()],
    );
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };
  for (let round = 0; round < 5; round++) {
    for (const word of selective) {
      const params = normaliseBrowseParams({ search: word, limit: 24 });
      search.push(await time(params, null));
      searchWithTotal.push(await time(params, null, true));
      legacy.push(await legacyPage(word));
    }
  }
  const { suggestionPrefix } = require(
    path.join(root, 'dist/services/listings/src/listings/domain/search-query.js'),
  );
  const suggest = [];
  for (let round = 0; round < 5; round++) {
    for (const text of SUGGEST_PREFIXES) {
      const prefix = suggestionPrefix(text);
      if (prefix === null) continue;
      const t0 = process.hrtime.bigint();
      await queries.suggestions(prefix, 8);
      suggest.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  await pool.end();
  const sorted = (a) => [...a].sort((x, y) => x - y);
  return {
    page1Median: median(page1),
    deepMedian: median(deep),
    deepP95: percentile(sorted(deep), 95),
    searchP95: percentile(sorted(search), 95),
    searchWithTotalP95: percentile(sorted(searchWithTotal), 95),
    legacySearchP95: percentile(sorted(legacy), 95),
    selectiveTerms: selective.length,
    selectiveModels: selectiveModels.length,
    suggestSqlP95: percentile(sorted(suggest), 95),
  };
}

const fmt = (n, d = 2) => Number(n).toFixed(d);
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;

/**
 * One more window per target with the V8 profiler on (not counted in the figures: profiling
 * costs CPU), then a summary table per process in the profile directory.
 */
async function profileTargets(targets, paths) {
  for (const [name, target] of targets) {
    const signal = () => target.pids.forEach((pid) => process.kill(pid, 'SIGWINCH'));
    signal();
    await sleep(300);
    const { requests } = await load(target.base, paths, SECONDS);
    signal();
    const files = target.names.map((n) => path.join(PROFILE_DIR, `${n}-1.cpuprofile`));
    const deadline = Date.now() + 30_000;
    while (!files.every((f) => existsSync(f)) && Date.now() < deadline) await sleep(200);
    for (const [i, file] of files.entries()) {
      if (!existsSync(file)) throw new Error(`no profile from ${target.names[i]}`);
      const md = toMarkdown(
        `${target.names[i]} (${name}, ${loadAverage()})`,
        summariseFiles(file),
        30,
        requests.total,
      );
      writeFileSync(path.join(PROFILE_DIR, `${target.names[i]}.md`), `${md}\n`);
    }
    log(`profiled ${name}: ${files.map((f) => path.relative(root, f)).join(', ')}`);
  }
}
const verdict = (ok) => (ok ? 'PASS' : 'FAIL');

async function main() {
  // Before anything starts: the host's own speed, printed with the figures.
  const host = await hostSpeed();
  build();
  const url = await database(cleanups);
  await seed(url, COUNT, opts.reseed);
  const { encodeCursor } = require(path.join(root, 'dist/libs/db/src/index.js'));
  const { paths, deep } = await requestMix(url, encodeCursor);
  log(`request mix: ${paths.length} browse requests (filters, sorts, searches, deep pages)`);

  const bare = await startBare(url);
  let stack = await startStack(url, { cached: false });
  const before = opts.baseline
    ? await startStack(url, { cached: false, dir: path.resolve(opts.baseline), label: 'before' })
    : null;
  const targets = [['gateway', stack], ['bare', bare], ...(before ? [['before', before]] : [])];
  log('warming up…');
  for (const [, target] of targets) await load(target.base, paths, Number(opts.warmup));
  for (const [, target] of targets) target.idlePerSecond = await idleCpuPerSecond(target);
  log(
    `idle CPU (subtracted): ${targets.map(([name, t]) => `${name} ${fmt(t.idlePerSecond, 1)} ms/s`).join(', ')}`,
  );

  const runs = new Map(targets.map(([name]) => [name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    // A different target goes first each round (load on a shared machine drifts).
    const order = targets.map((_, i) => targets[(i + round - 1) % targets.length]);
    for (const [name, target] of order) {
      const run = await cpuPerRequest(target, paths, SECONDS);
      runs.get(name).push(run);
      log(
        `round ${round} ${name.padEnd(7)} ${fmt(run.cpuPerRequestUs, 0)} µs CPU/request over ${run.requests} requests` +
          (name !== 'bare'
            ? ` (raw: service ${fmt(run.eachUs[0], 0)} + gateway ${fmt(run.eachUs[1], 0)} µs)`
            : '') +
          ` — ${loadAverage()}`,
      );
    }
  }
  const gatewayRuns = runs.get('gateway');
  const bareRuns = runs.get('bare');
  const ratios = gatewayRuns.map((g, i) => g.cpuPerRequestUs / bareRuns[i].cpuPerRequestUs);
  const beforeRatios = before
    ? runs.get('before').map((g, i) => g.cpuPerRequestUs / bareRuns[i].cpuPerRequestUs)
    : null;
  const serviceRatios = gatewayRuns.map((g, i) => g.eachUs[0] / bareRuns[i].rawCpuPerRequestUs);
  const perProcess = (name, i) => median(runs.get(name).map((r) => r.eachUs[i]));
  if (PROFILE_DIR) await profileTargets(targets, paths);
  if (before) {
    await stop(before.gateway);
    await stop(before.service);
  }
  const ratio = median(ratios);
  const cpuOnly = opts['cpu-only'];
  let suggestHttp = [];
  if (!cpuOnly) {
    await suggestionTimes(stack.base, 1); // warm-up
    suggestHttp = (await suggestionTimes(stack.base, 10)).sort((x, y) => x - y);
  }
  const suggestHttpP95 = percentile(suggestHttp, 95);

  await stop(stack.gateway);
  await stop(stack.service);
  const [statements, statementsFirstPages] = cpuOnly
    ? [NaN, NaN]
    : await statementsPerRequest(url, [paths, paths.filter((p) => !p.includes('cursor='))]);

  const sql = cpuOnly ? null : await timedSql(url);

  stack = await startStack(url, { cached: true });
  await load(stack.base, paths, Number(opts.warmup));
  stack.idlePerSecond = await idleCpuPerSecond(stack);
  const cached = await cpuPerRequest(stack, paths, SECONDS);
  const bareAgain = await cpuPerRequest(bare, paths, SECONDS);
  await stop(stack.gateway);
  await stop(stack.service);
  await stop(bare.child);

  const depthRatio = sql ? sql.deepMedian / sql.page1Median : NaN;
  console.log('');
  console.log(
    `Browse benchmark — ${COUNT} listings, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s`,
  );
  console.log('');
  console.log('| measure | result | target | |');
  console.log('|---|---|---|---|');
  console.log(
    `| CPU per request, gateway + service / bare handler, uncached (median of rounds: ${ratios.map((r) => fmt(r)).join(', ')}) | ${fmt(ratio)}× | ≤ 2× | ${verdict(ratio <= 2)} |`,
  );
  console.log(
    `| service pipeline: listings service / bare handler, raw CPU per request (median of rounds: ${serviceRatios.map((r) => fmt(r)).join(', ')}) | ${fmt(median(serviceRatios))}× | ≤ 1.4× | ${verdict(median(serviceRatios) <= 1.4)} |`,
  );
  console.log(
    `| gateway hop, raw CPU per request (median of rounds; service ${fmt(perProcess('gateway', 0), 0)} µs, bare ${fmt(median(bareRuns.map((r) => r.rawCpuPerRequestUs)), 0)} µs) | ${fmt(perProcess('gateway', 1), 0)} µs | ≤ 500 µs | ${verdict(perProcess('gateway', 1) <= 500)} |`,
  );
  if (beforeRatios) {
    console.log(
      `| the same with the baseline build (${opts.baseline}), same rounds (${beforeRatios.map((r) => fmt(r)).join(', ')}; gateway ${fmt(perProcess('before', 1), 0)} µs, service ${fmt(perProcess('before', 0), 0)} µs) | ${fmt(median(beforeRatios))}× | (before) | |`,
    );
  }
  if (sql) {
    console.log(
      `| SQL statements per browse request (counted at the wire; mix incl. deep pages; caches off) | ${fmt(statements)} | ≤ 2 | ${verdict(statements <= 2.05)} |`,
    );
    console.log(
      `| SQL statements per first-page browse request | ${fmt(statementsFirstPages)} | ≤ 2 | ${verdict(statementsFirstPages <= 2.05)} |`,
    );
    console.log(
      `| keyset page at random depth / page 1, SQL median (${fmt(sql.deepMedian)} ms / ${fmt(sql.page1Median)} ms) | ${fmt(depthRatio)}× | ≤ 3× | ${verdict(depthRatio <= 3)} |`,
    );
    console.log(
      `| selective full-text search page, SQL p95 (${sql.selectiveTerms} searches: rare terms and ${sql.selectiveModels} three-word model names matching < 1 %) | ${fmt(sql.searchP95)} ms | ≤ 5 ms | ${verdict(sql.searchP95 <= 5)} |`,
    );
    console.log(
      `| same searches with ADR 0007's whole-word SQL (baseline, same run), SQL p95 | ${fmt(sql.legacySearchP95)} ms (${fmt(sql.searchP95 / sql.legacySearchP95)}×) | (info) | |`,
    );
    console.log(
      `| same search with its total (page + count), SQL p95 | ${fmt(sql.searchWithTotalP95)} ms | (info) | |`,
    );
    console.log(
      `| search suggestions over HTTP (gateway + service, caches off), p95 of ${suggestHttp.length} requests one at a time | ${fmt(suggestHttpP95)} ms | ≤ 20 ms | ${verdict(suggestHttpP95 <= 20)} |`,
    );
    console.log(`| search suggestions, SQL p95 | ${fmt(sql.suggestSqlP95)} ms | (info) | |`);
  }
  console.log(
    `| CPU per request with production caching (gateway 10 s, service 60 s) / bare uncached | ${fmt(cached.cpuPerRequestUs / bareAgain.cpuPerRequestUs)}× | ≤ 0.15× | ${verdict(cached.cpuPerRequestUs / bareAgain.cpuPerRequestUs <= 0.15)} |`,
  );
  console.log('');
  console.log(
    `CPU per request: gateway + service ${gatewayRuns.map((r) => fmt(r.cpuPerRequestUs, 0)).join(' / ')} µs; bare ${bareRuns.map((r) => fmt(r.cpuPerRequestUs, 0)).join(' / ')} µs; cached ${fmt(cached.cpuPerRequestUs, 0)} µs.`,
  );
  console.log(
    `Deep pages sampled: ${deep.length}; SQL timings are client-side round trips on one connection (pg on 127.0.0.1).`,
  );
  console.log(`Machine: ${os.cpus().length} CPUs; ${loadAverage()} at the end; ${host.line}.`);
}

runMain(main, { children, cleanups });
