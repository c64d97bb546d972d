#!/usr/bin/env node
// The service pipeline alone (issue 28): CPU per request of the listings service on a Nest route
// that does no I/O (`GET /health/live`: Fastify, middie and the request logger's middleware,
// Nest's router, guards, interceptors and pipes, the reply), this checkout's dist/ against
// another checkout's (`--baseline`), in alternating rounds. No gateway and no SQL, so thousands
// of requests per window: a change of the pipeline shows here even on a loaded machine, where
// bench:browse's 50–200 requests per window drown it.
//
//   node infra/bench/browse/pipeline.mjs --baseline /path/to/checkout [--rounds 5] [--seconds 6]
//
// Database: as bench:browse (the service needs its schema; run bench:browse once to seed).
import path from 'node:path';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { build, database, root } from '../lib/bench-db.mjs';
import { browseStacks } from '../lib/browse-stack.mjs';
import { freePort } from '../../embedded/postgres.mjs';
import { waitReady } from '../lib/services.mjs';
import { median, totalCpuMillis } from '../lib/proc-cpu.mjs';

const { values: opts } = parseArgs({
  options: {
    baseline: { type: 'string' },
    rounds: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '6' },
    connections: { type: 'string', default: '8' },
    path: { type: 'string', default: '/health/live' },
  },
});
if (!opts.baseline) {
  console.error('usage: pipeline.mjs --baseline <checkout with an earlier dist/>');
  process.exit(2);
}
const log = (msg) => console.log(`[pipeline] ${msg}`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const children = [];
const { start, stop } = browseStacks({ children });

async function service(url, dir, label) {
  const port = await freePort();
  const child = start(
    `${label}-listings`,
    'dist/services/listings/src/main.js',
    {
      DATABASE_URL: url,
      PORT: String(port),
      LISTINGS_CACHE_TTL_SECONDS: '0',
      OBJECT_STORAGE_DIR: path.join(root, '.data/bench-objects'),
      UPLOAD_SIGNING_SECRET: 'bench-only-signing-secret-0123456789',
    },
    dir,
  );
  await waitReady(`http://127.0.0.1:${port}/health/ready`);
  return { label, child, base: `http://127.0.0.1:${port}` };
}

/** CPU the service burns idle (the outbox relay, the consumers' polling), per second. */
async function idlePerSecond(target) {
  const before = totalCpuMillis([target.child.pid]);
  await new Promise((r) => setTimeout(r, 4000));
  return (totalCpuMillis([target.child.pid]) - before) / 4;
}

async function window(target, seconds) {
  const t0 = Date.now();
  const before = totalCpuMillis([target.child.pid]);
  const result = await autocannon({
    url: `${target.base}${opts.path}`,
    connections: Number(opts.connections),
    duration: seconds,
  });
  if (result.non2xx + result.errors > 0) throw new Error(`failed requests on ${target.label}`);
  const idle = (target.idle ?? 0) * ((Date.now() - t0) / 1000);
  const cpu = totalCpuMillis([target.child.pid]) - before - idle;
  return { us: (cpu * 1000) / result.requests.total, requests: result.requests.total };
}

async function main() {
  build();
  const url = await database([]);
  const targets = [
    await service(url, root, 'after'),
    await service(url, path.resolve(opts.baseline), 'before'),
  ];
  for (const t of targets) await window(t, 4); // warm-up
  for (const t of targets) t.idle = await idlePerSecond(t);
  log(
    `idle CPU (subtracted): ${targets.map((t) => `${t.label} ${t.idle.toFixed(1)} ms/s`).join(', ')}`,
  );
  const runs = { after: [], before: [] };
  for (let round = 1; round <= Number(opts.rounds); round++) {
    const order = round % 2 ? targets : [...targets].reverse();
    for (const t of order) {
      const r = await window(t, Number(opts.seconds));
      runs[t.label].push(r.us);
      log(
        `round ${round} ${t.label.padEnd(6)} ${r.us.toFixed(0)} µs CPU/request over ${r.requests} requests — load ${load()}`,
      );
    }
  }
  const ratios = runs.after.map((a, i) => a / runs.before[i]);
  log(
    `${opts.path}: after ${median(runs.after).toFixed(0)} µs, before ${median(runs.before).toFixed(0)} µs; ` +
      `after/before per round ${ratios.map((r) => r.toFixed(2)).join(', ')}, median ${median(ratios).toFixed(2)}×`,
  );
  for (const t of targets) await stop(t.child);
}

main().catch(async (err) => {
  console.error(err);
  for (const c of children) c.kill('SIGTERM');
  process.exit(1);
});
