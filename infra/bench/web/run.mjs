#!/usr/bin/env node
// `npm run bench:web` (issue 12): Lighthouse mobile defaults (simulated slow 4G, 4× CPU
// slowdown), 3 runs per public page, medians; compressed JavaScript per page and the JS budget
// (shell + first route ≤ 300 KiB compressed, one copy of each shared singleton at run time).
//
//   npm run bench:web                       # starts a stack as `npm start` does, on free ports
//   npm run bench:web -- --url http://localhost:3000 --runs 3 --pages /,/marketplace
//   npm run bench:web -- --json out.json    # also writes every run's figures
//
// CHROME_PATH (default /usr/bin/chromium) is the browser. A benchmark, not a test: the machine's
// load average is printed with the figures, since Lighthouse's simulated timings still depend
// on the CPU the page actually got.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { fetchSourceMap } from './source-maps.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const RUNS = Number(opt('runs', '3'));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const KIB = 1024;
const BUDGET_KIB = 300;
const TARGETS = { performance: 90, lcp: 2500, cls: 0.1, tbt: 200 };
/** Singletons that must be loaded once: a module file of theirs in two loaded scripts is a second copy. */
const SINGLETONS = {
  react: /node_modules\/react\//,
  'react-dom': /node_modules\/react-dom\//,
  'react-router': /node_modules\/react-router(-dom)?\//,
  'query client': /node_modules\/@tanstack\/(react-)?query-core\//,
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Starts the product as `npm start` does (own ports, data directory and database). */
async function startStack() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'loadout-bench-web-'));
  // mkdtemp makes it 0700; as root the embedded PostgreSQL runs initdb as its own `postgres`
  // user, which must be able to enter it.
  chmodSync(dataDir, 0o755);
  const base = 20000 + Math.floor(Math.random() * 20000);
  const env = {
    ...process.env,
    PORT: String(port),
    SERVICE_PORT_BASE: String(base),
    PG_PORT: String(await freePort()),
    LOADOUT_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  let dbName = null;
  if (process.env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    dbName = `loadout_bench_web_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${dbName}`;
    env.DATABASE_URL = u.href;
  }
  console.log(`starting the stack on port ${port} (builds what is stale)…`);
  const child = spawn(process.execPath, ['infra/embedded/start.mjs'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack not ready:\n${out}`)), 600_000);
    child.stdout.on(
      'data',
      () => out.includes('Loadout is running') && (clearTimeout(timer), resolve()),
    );
    child.once(
      'exit',
      (code) => (clearTimeout(timer), reject(new Error(`stack exited ${code}:\n${out}`))),
    );
  });
  return {
    url: `http://localhost:${port}`,
    async stop() {
      child.removeAllListeners('exit');
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGINT');
        await exited;
      }
      if (dbName) {
        const pg = (await import('pg')).default;
        const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function firstActiveListing(url) {
  const res = await fetch(`${url}/api/v1/listings?limit=1&sort=newest`);
  if (!res.ok) throw new Error(`GET /api/v1/listings: HTTP ${res.status}`);
  const body = await res.json();
  const item = (body.items ?? body.data ?? body.listings ?? [])[0];
  if (!item) throw new Error('no active listing to measure /listing/{id} with (seed the stack)');
  return item.id;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Sources of a script's source map, or null when it has none. */
async function mapSources(scriptUrl) {
  const map = await fetchSourceMap(scriptUrl);
  return map ? (map.sources ?? []) : null;
}

async function lighthouseRun(url, port) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
  });
  const lhr = result.lhr;
  const audit = (id) => lhr.audits[id];
  const requests = audit('network-requests').details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
    seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    jsBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    totalBytes: requests.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scriptUrls: scripts.map((r) => r.url),
    // Lighthouse's measure of the machine's speed at that moment (higher is faster; it swung
    // 1218 → 2438 in one day here), so each figure carries the speed it was taken at.
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    runtimeError: lhr.runtimeError?.message,
  };
}

async function main() {
  const given = opt('url', null);
  const stack = given ? null : await startStack();
  const base = (given ?? stack.url).replace(/\/$/, '');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const listingId = await firstActiveListing(base);
    const pages = opt('pages', '/,/marketplace,/listing/{id},/fields,/fps-calculator,/auth')
      .split(',')
      .map((p) => p.replace('{id}', listingId));
    // Lighthouse measures a first-time visitor (fresh storage): the age gate is part of the page.
    const seed = await fetch(`${base}/`);
    if (!seed.ok) throw new Error(`GET / answered ${seed.status}`);
    const rows = [];
    const all = {};
    for (const page of pages) {
      const runs = [];
      for (let i = 0, failures = 0; i < RUNS; i++) {
        const load = os.loadavg()[0];
        const r = await lighthouseRun(`${base}${page}`, chrome.port);
        if (r.runtimeError) {
          // Lighthouse sometimes loses the trace (NO_NAVSTART): such a run has no figures. It is
          // said and run again, up to three times per page, rather than counted or fatal.
          console.log(`  ${page} run ${i + 1}: ${r.runtimeError}`);
          if (++failures > 3) throw new Error(`${page}: Lighthouse failed ${failures} times`);
          i--;
          continue;
        }
        runs.push({ ...r, load });
        console.log(
          `  ${page} run ${i + 1}: perf ${r.performance} LCP ${(r.lcp / 1000).toFixed(1)} s CLS ${r.cls.toFixed(3)} TBT ${Math.round(r.tbt)} ms JS ${(r.jsBytes / KIB).toFixed(0)} KiB (load ${load.toFixed(1)}, benchmarkIndex ${r.benchmarkIndex === null ? '?' : Math.round(r.benchmarkIndex)})`,
        );
      }
      all[page] = runs;
      const m = (k) => median(runs.map((r) => r[k]));
      rows.push({
        page: page.startsWith('/listing/') ? '/listing/{id}' : page,
        performance: m('performance'),
        accessibility: m('accessibility'),
        bestPractices: m('bestPractices'),
        seo: m('seo'),
        lcp: m('lcp'),
        cls: m('cls'),
        tbt: m('tbt'),
        jsBytes: m('jsBytes'),
        totalBytes: m('totalBytes'),
        scriptUrls: runs[0].scriptUrls,
        load: m('load'),
        benchmarkIndex: median(runs.map((r) => r.benchmarkIndex ?? 0)),
      });
    }

    const ok = (b) => (b ? 'ok' : 'MISSED');
    console.log(
      `\nLighthouse ${RUNS}× per page, mobile defaults, medians (Chromium ${CHROME}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; ${os.cpus().length} CPUs)\n`,
    );
    console.log(
      '| page | perf | a11y | best pr. | SEO | LCP | CLS | TBT | JS (compressed) | all bytes | benchmarkIndex |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| \`${r.page}\` | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcp / 1000).toFixed(1)} s | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} ms | ${(r.jsBytes / KIB).toFixed(0)} KiB | ${(r.totalBytes / KIB).toFixed(0)} KiB | ${Math.round(r.benchmarkIndex)} |`,
      );
    }

    console.log('\nTargets:');
    let allMet = true;
    for (const r of rows) {
      const checks = [
        ['performance ≥ 90', r.performance >= TARGETS.performance],
        ['LCP ≤ 2.5 s', r.lcp <= TARGETS.lcp],
        ['CLS ≤ 0.1', r.cls <= TARGETS.cls],
        ['TBT ≤ 200 ms', r.tbt <= TARGETS.tbt],
        [
          'a11y/best practices/SEO 100',
          r.accessibility === 100 && r.bestPractices === 100 && r.seo === 100,
        ],
        [`JS ≤ ${BUDGET_KIB} KiB`, r.jsBytes <= BUDGET_KIB * KIB],
      ];
      for (const [, met] of checks) allMet &&= met;
      console.log(`  ${r.page}: ${checks.map(([n, met]) => `${n} ${ok(met)}`).join(', ')}`);
    }

    // One copy of each singleton among the scripts a page actually ran (from their source maps).
    console.log(
      '\nJS budget: shell + first route ≤ 300 KiB compressed, one copy of each singleton',
    );
    for (const r of rows) {
      // Per package: how many loaded scripts carry the same module file (1 = one copy).
      const seen = Object.fromEntries(Object.keys(SINGLETONS).map((k) => [k, new Map()]));
      let unmapped = 0;
      // One file fetched by two document loads (/auth goes through the sign-in provider and
      // back) is still one copy: distinct files carrying the same module are the problem.
      for (const url of new Set(r.scriptUrls)) {
        const sources = await mapSources(url);
        if (!sources) {
          unmapped++;
          continue;
        }
        for (const [name, re] of Object.entries(SINGLETONS))
          for (const source of new Set(sources.filter((s) => re.test(s))))
            seen[name].set(source, (seen[name].get(source) ?? 0) + 1);
      }
      const copies = Object.fromEntries(
        Object.entries(seen).map(([name, files]) => [name, Math.max(0, ...files.values())]),
      );
      const single = Object.values(copies).every((n) => n <= 1);
      allMet &&= single && r.jsBytes <= BUDGET_KIB * KIB;
      console.log(
        `  ${r.page}: ${(r.jsBytes / KIB).toFixed(0)} KiB ${ok(r.jsBytes <= BUDGET_KIB * KIB)}; copies ${Object.entries(
          copies,
        )
          .map(([k, n]) => `${k} ${n}`)
          .join(
            ', ',
          )} ${ok(single)}${unmapped ? ` (${unmapped} scripts without a source map)` : ''}`,
      );
    }
    console.log(`\n${allMet ? 'Every target met.' : 'Some targets missed (see above).'}`);
    const json = opt('json', null);
    if (json) writeFileSync(json, JSON.stringify({ rows, runs: all, load: os.loadavg() }, null, 2));
  } finally {
    await chrome.kill();
    await stack?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
