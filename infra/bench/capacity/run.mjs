#!/usr/bin/env node
// Capacity figures for operators (issue 28, the basis of the HPA targets in k8s/README.md):
// the browse mix through the gateway at rising concurrency until p99 > 500 ms, uncached and
// with production caching, then message sends at rising rates (bench:messaging) until the
// delivery p99 passes 500 ms. Per step: requests/s, p99, the CPU the servers used, and
// requests per CPU-second ("per core": what one fully used core serves).
//
//   npm run bench:capacity -- [--seconds 10] [--max-connections 512] [--rates 25,50,100,200,400]
//   npm run bench:capacity -- --skip-messages
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { build, database, root, seed } from '../lib/bench-db.mjs';
import { browseStacks, requestMix } from '../lib/browse-stack.mjs';
import { totalCpuMillis } from '../lib/proc-cpu.mjs';

const require = createRequire(import.meta.url);
const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    'max-connections': { type: 'string', default: '512' },
    rates: { type: 'string', default: '25,50,100,200,400' },
    count: { type: 'string', default: '100000' },
    'skip-messages': { type: 'boolean', default: false },
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

/** bench:messaging at one rate: delivery p99 and CPU ms per message, from its report. */
function messages(rate) {
  const res = spawnSync(
    process.execPath,
    ['infra/bench/messaging/run.mjs', '--rate', String(rate), '--seconds', String(SECONDS)],
    { cwd: root, encoding: 'utf8', env: process.env },
  );
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
  log(`${os.cpus().length} CPUs, load average ${loadAverage()}`);
  build();
  const url = await database(cleanups);
  await seed(url, Number(opts.count));
  const { encodeCursor } = require(path.join(root, 'dist/libs/db/src/index.js'));
  const { paths } = await requestMix(url, encodeCursor);
  const uncached = await browse(url, paths, false);
  const cached = await browse(url, paths, true);
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

  console.log(`\nCapacity — ${os.cpus().length} CPUs, load average ${loadAverage()} at the end`);
  table('Browse mix through the gateway, caches off (gateway + listings):', uncached);
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
}

main()
  .catch((err) => {
    console.error(`[bench] ${err instanceof Error ? err.stack : err}`);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const child of children)
      if (child.exitCode === null && !child.killed) child.kill('SIGTERM');
    for (const cleanup of cleanups) await cleanup();
  });
