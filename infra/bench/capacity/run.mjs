#!/usr/bin/env node
// Capacity figures for operators (issue 28, the basis of the HPA targets in k8s/README.md):
// the browse mix through the gateway at rising concurrency until p99 > 500 ms, uncached and
// with production caching, then message sends at rising rates (bench:messaging) until the
// delivery p99 passes 500 ms, then whole order lifecycles (bench:orders: checkout, pay, ship,
// confirm) at rising concurrency until a step's p95 passes 500 ms. Per step: requests/s, p99,
// the CPU the servers used, and requests per CPU-second ("per core": what one fully used core
// serves). The host's own speed is printed with them (lib/host-speed.mjs).
//
//   npm run bench:capacity -- [--seconds 10] [--max-connections 512] [--rates 25,50,100,200,400]
//   npm run bench:capacity -- [--orders 10,25,50,100,200] [--skip-browse] [--skip-messages] [--skip-orders]
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { build, database, root, runMain, seed } from '../lib/bench-db.mjs';
import { browseStacks, requestMix } from '../lib/browse-stack.mjs';
import { hostSpeed } from '../lib/host-speed.mjs';
import { totalCpuMillis } from '../lib/proc-cpu.mjs';

const require = createRequire(import.meta.url);
const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    'max-connections': { type: 'string', default: '512' },
    rates: { type: 'string', default: '25,50,100,200,400' },
    count: { type: 'string', default: '100000' },
    'skip-messages': { type: 'boolean', default: false },
    orders: { type: 'string', default: '10,25,50,100,200' },
    'skip-orders': { type: 'boolean', default: false },
    'skip-browse': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(opts.seconds);
const MAX_CONNECTIONS = Number(opts['max-connections']);
const P99_LIMIT_MS = 500;
const log = (msg) => console.log(`[bench] ${msg}`);
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const children = [];
const cleanups = [];
const { stop, startStack } = browseStacks({ children });

/** One window at `connections`: req/s, p99, CPU cores used by the stack, requests per CPU-s. */
async function step(stack, paths, connections) {
  const cpu0 = totalCpuMillis(stack.pids);
  const t0 = Date.now();
  const result = await autocannon({
    url: stack.base,
    connections,
    duration: SECONDS,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const wallS = (Date.now() - t0) / 1000;
  const cpuS = (totalCpuMillis(stack.pids) - cpu0) / 1000;
  const ok = result.requests.total - result.non2xx - result.errors;
  return {
    connections,
    reqPerS: ok / wallS,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
    cores: cpuS / wallS,
    perCore: ok / cpuS,
  };
}

async function browse(url, paths, cached) {
  const stack = await startStack(url, { cached });
  try {
    await autocannon({
      url: stack.base,
      connections: 8,
      duration: 2,
      requests: paths.map((p) => ({ method: 'GET', path: p })),
    });
    const steps = [];
    for (let c = 8; c <= MAX_CONNECTIONS; c *= 2) {
      const s = await step(stack, paths, c);
      steps.push(s);
      log(
        `${cached ? 'cached  ' : 'uncached'} ${String(c).padStart(3)} connections: ${s.reqPerS.toFixed(0)} req/s, p99 ${s.p99} ms, ${s.cores.toFixed(2)} cores, ${s.perCore.toFixed(0)} req per CPU-s — load ${loadAverage()}`,
      );
      if (s.p99 > P99_LIMIT_MS || s.errors > 0) break;
    }
    return steps;
  } finally {
    await stop(stack.gateway);
    await stop(stack.service);
  }
}

/** Another bench script run to its end, its output kept for the figures it reports. */
const runBench = (script, args) =>
  spawnSync(process.execPath, [script, ...args], { cwd: root, encoding: 'utf8', env: process.env });

/** bench:messaging at one rate: delivery p99 and CPU ms per message, from its report. */
function messages(rate) {
  const res = runBench('infra/bench/messaging/run.mjs', [
    '--rate',
    String(rate),
    '--seconds',
    String(SECONDS),
  ]);
  const out = `${res.stdout}`;
  const latency = /p99 ([\d.]+) ms/.exec(out);
  const cpu = /total ([\d.]+) ms/.exec(out);
  const delivered = /delivered (\d+)\/(\d+)/.exec(out);
  if (!latency || !cpu || !delivered)
    throw new Error(`bench:messaging gave no report:\n${out}\n${res.stderr}`);
  return {
    rate,
    p99: Number(latency[1]),
    cpuMsPerMessage: Number(cpu[1]),
    allDelivered: delivered[1] === delivered[2],
  };
}

/**
 * bench:orders with `concurrency` lifecycles at once: orders/s, the slowest step's p95, and
 * the services' and PostgreSQL's CPU per lifecycle, from its report.
 */
function orders(concurrency) {
  const res = runBench('infra/bench/orders/run.mjs', [
    '--orders',
    String(concurrency),
    // bench:orders warms up with at most as many orders as it measures.
    '--warmup',
    String(Math.min(20, concurrency)),
    '--probes',
    'off',
  ]);
  const out = `${res.stdout}`;
  const throughput = /lifecycle throughput: ([\d.]+) orders\/s/.exec(out);
  const cpu = /CPU ms per lifecycle: services \+ PostgreSQL ([\d.]+)/.exec(out);
  const p95s = [...out.matchAll(/p50 +\d+ ms +p95 +(\d+) ms/g)].map((m) => Number(m[1]));
  if (!throughput || !cpu || p95s.length !== 4 || res.status !== 0)
    throw new Error(`bench:orders gave no report:\n${out}\n${res.stderr}`);
  return {
    concurrency,
    ordersPerS: Number(throughput[1]),
    worstP95: Math.max(...p95s),
    cpuMsPerOrder: Number(cpu[1]),
    correct: !/^ {2}FAIL/m.test(out),
  };
}

function table(title, steps) {
  console.log(`\n${title}\n`);
  console.log('| connections | req/s | p99 | server CPU (cores) | req per CPU-second |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const s of steps)
    console.log(
      `| ${s.connections} | ${s.reqPerS.toFixed(0)} | ${s.p99} ms | ${s.cores.toFixed(2)} | ${s.perCore.toFixed(0)} |`,
    );
  const within = steps.filter((s) => s.p99 <= P99_LIMIT_MS && s.errors === 0);
  const best = within.reduce((a, s) => (s.reqPerS > (a?.reqPerS ?? 0) ? s : a), null);
  if (best)
    console.log(
      `\nMost within p99 ≤ ${P99_LIMIT_MS} ms: ${best.reqPerS.toFixed(0)} req/s at ${best.connections} connections, ${best.perCore.toFixed(0)} req per CPU-second.`,
    );
}

async function main() {
  const host = await hostSpeed();
  log(`${os.cpus().length} CPUs, load average ${loadAverage()}; ${host.line}`);
  let uncached = [];
  let cached = [];
  if (!opts['skip-browse']) {
    build();
    const url = await database(cleanups);
    await seed(url, Number(opts.count));
    const { encodeCursor } = require(path.join(root, 'dist/libs/db/src/index.js'));
    const { paths } = await requestMix(url, encodeCursor);
    uncached = await browse(url, paths, false);
    cached = await browse(url, paths, true);
  }
  const sends = [];
  if (!opts['skip-messages']) {
    for (const rate of opts.rates.split(',').map(Number)) {
      const m = messages(rate);
      sends.push(m);
      log(
        `messages ${rate}/s: delivery p99 ${m.p99} ms, ${m.cpuMsPerMessage} ms CPU per message — load ${loadAverage()}`,
      );
      if (m.p99 > P99_LIMIT_MS || !m.allDelivered) break;
    }
  }

  const lifecycles = [];
  if (!opts['skip-orders']) {
    for (const concurrency of opts.orders.split(',').map(Number)) {
      const o = orders(concurrency);
      lifecycles.push(o);
      log(
        `orders ${concurrency} at once: ${o.ordersPerS} orders/s, slowest step p95 ${o.worstP95} ms, ${o.cpuMsPerOrder} ms CPU per lifecycle — load ${loadAverage()}`,
      );
      if (o.worstP95 > P99_LIMIT_MS || !o.correct) break;
    }
  }

  console.log(
    `\nCapacity — ${os.cpus().length} CPUs, load average ${loadAverage()} at the end; ${host.line}`,
  );
  if (uncached.length > 0)
    table('Browse mix through the gateway, caches off (gateway + listings):', uncached);
  if (cached.length > 0)
    table(
      'Browse mix through the gateway, production caching (gateway 10 s, listings 60 s):',
      cached,
    );
  if (sends.length > 0) {
    console.log('\nMessage sends (bench:messaging, 500 sockets, Redis fan-out when REDIS_URL):\n');
    console.log('| rate | delivery p99 | CPU per message | messages per CPU-second |');
    console.log('|---:|---:|---:|---:|');
    for (const m of sends)
      console.log(
        `| ${m.rate}/s | ${m.p99} ms | ${m.cpuMsPerMessage} ms | ${(1000 / m.cpuMsPerMessage).toFixed(0)} |`,
      );
  }
  if (lifecycles.length > 0) {
    console.log(
      '\nOrder lifecycles (bench:orders: checkout, pay, ship, confirm through the gateway; services + PostgreSQL):\n',
    );
    console.log(
      '| at once | orders/s | slowest step p95 | CPU per lifecycle | lifecycles per CPU-second | correct |',
    );
    console.log('|---:|---:|---:|---:|---:|---|');
    for (const o of lifecycles)
      console.log(
        `| ${o.concurrency} | ${o.ordersPerS} | ${o.worstP95} ms | ${o.cpuMsPerOrder} ms | ${(1000 / o.cpuMsPerOrder).toFixed(1)} | ${o.correct ? 'ok' : 'FAIL'} |`,
      );
  }
}

runMain(main, { children, cleanups });
